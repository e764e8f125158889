export const root: string
export const DB_MARKER: RegExp
export function namesDatabase(file: string): boolean
export function databaseTestFiles(files: string[]): string[]
export function isDatabaseTestFile(file: string): boolean
export const TEST_FILES: string[]
export function listTestFiles(): { all: string[]; database: string[] } | null
