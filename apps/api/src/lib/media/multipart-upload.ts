import type { FastifyRequest } from 'fastify'
import { fieldError, HttpError } from '../http/errors.ts'
import { NUL_MESSAGE } from '../http/nul.ts'

/**
 * A multipart body of one file plus short fields, read into memory (the uploads here are single images or PDFs).
 * Going over the file size gives the route's own 413; over the part, file or field counts a generic 413.
 */
export async function readMultipart(request: FastifyRequest, opts: {
  /** Field names the file may come under. */
  fileFields: string[]
  tooLarge: () => HttpError
  /** Per-request limits over the plugin's. */
  limits?: { fileSize?: number; files?: number; fields?: number; fieldSize?: number; parts?: number }
}): Promise<{ file: Buffer | null; fields: Record<string, string> }> {
  const fields: Record<string, string> = {}
  let file: Buffer | null = null
  try {
    for await (const part of request.parts(opts.limits ? { limits: opts.limits } : undefined)) {
      if (part.type === 'file') {
        const buf = await part.toBuffer()
        if (opts.fileFields.includes(part.fieldname)) file = buf
      } else {
        const value = String(part.value ?? '')
        if (value.includes('\u0000') || part.fieldname.includes('\u0000')) throw fieldError(part.fieldname.replaceAll('\u0000', ''), NUL_MESSAGE)
        fields[part.fieldname] = value
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw opts.tooLarge()
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(413, 'payload_too_large', 'Przesłane dane są zbyt duże.')
    }
    throw err
  }
  return { file, fields }
}
