/** 'To samo mieszkanie w 3 ogłoszeniach'; the words follow the top category (flat, house, anything else). */
export function sameProperty(count: number, topCategorySlug: string): string {
  const what = topCategorySlug === 'mieszkanie' ? 'To samo mieszkanie' : topCategorySlug === 'dom' ? 'Ten sam dom' : 'Ta sama nieruchomość'
  return `${what} w ${count} ${count === 1 ? 'ogłoszeniu' : 'ogłoszeniach'}`
}
