/** Registers, for the calling thread, the hook that resolves react-router to its production build. */
export function useProductionReactRouter(): void
