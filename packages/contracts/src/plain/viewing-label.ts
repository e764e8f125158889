/** The listing page's 'Umów oglądanie' label on its own: the button is at first paint, the rest of the viewing texts
 * (plain/viewings) load with the dialog (first-paint JS budget, e2e/speed.spec.ts). */
export const VIEWING_BOOK_LABEL = 'Umów oglądanie'
