import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { eq, sql } from 'drizzle-orm'
import multipart from '@fastify/multipart'
import { users } from '@portal/db'
import {
  AVATAR_MAX_BYTES, AVATAR_TYPES, avatarTypeQuerySchema, defaultAvatarSchema, normalizeVideoUrl, profileSchema,
  USER_MESSAGES, type AvatarType,
} from '@portal/contracts/user'
import { apiErrorSchema } from '@portal/contracts/errors'
import { HttpError, fieldError } from '../../../lib/http/errors.ts'
import { readMultipart } from '../../../lib/media/multipart-upload.ts'
import { requireUser, type UserRow } from '../../../lib/accounts/guard.ts'
import { toProfile } from '../../../lib/accounts/profile.ts'
import { removeAvatar, renderAvatar, storeAvatar } from '../../../lib/media/images.ts'
import { storageFor } from '../../../lib/media/storage.ts'

const column = (t: AvatarType): 'avatar' | 'videoAvatar' => (t === 'avatar' ? 'avatar' : 'videoAvatar')
const other = (t: AvatarType): AvatarType => (t === 'avatar' ? 'video_avatar' : 'avatar')
const tooLarge = () => new HttpError(413, 'file_too_large', USER_MESSAGES.avatarTooLarge)

/** Avatar photo (multipart upload, re-encoded), video avatar (YouTube/Vimeo link) and which one is shown. */
const avatar: FastifyPluginAsyncZod = async (app) => {
  // Only this plugin accepts multipart bodies; one file of at most 5 MB and a few short fields.
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 8, headerPairs: 100 },
  })
  const uploads = storageFor(app)
  const save = async (user: UserRow, set: Partial<typeof users.$inferInsert>) => {
    const [row] = await app.db.db.update(users).set({ ...set, updatedAt: sql`now()` }).where(eq(users.id, user.id)).returning()
    return toProfile(row!)
  }

  app.post('/user/avatar', {
    schema: {
      tags: ['user'],
      summary: 'multipart: avatar_type=avatar + file (image ≤ 5 MB) or avatar_type=video_avatar + url (YouTube/Vimeo); 200 profile',
      consumes: ['multipart/form-data', 'application/json'],
      response: { 200: profileSchema, 401: apiErrorSchema, 413: apiErrorSchema },
    },
  }, async (request) => {
    const user = await requireUser(request)
    let fields: Record<string, string> = {}
    let file: Buffer | null = null
    if (request.isMultipart()) {
      ({ file, fields } = await readMultipart(request, { fileFields: ['file', 'avatar'], tooLarge }))
    } else if (request.body && typeof request.body === 'object') {
      for (const [k, v] of Object.entries(request.body as Record<string, unknown>)) if (typeof v === 'string') fields[k] = v
    }
    const type = fields.avatar_type as AvatarType
    if (!(AVATAR_TYPES as readonly string[]).includes(type)) throw fieldError('avatar_type', USER_MESSAGES.avatarTypeInvalid)

    if (type === 'video_avatar') {
      const url = normalizeVideoUrl(fields.url ?? '')
      if (!url) throw fieldError('url', USER_MESSAGES.videoUrlInvalid)
      return save(user, { videoAvatar: url, defaultAvatar: user.defaultAvatar ?? 'video_avatar' })
    }
    if (!file || file.length === 0) throw fieldError('file', USER_MESSAGES.avatarFileRequired)
    const rendered = await renderAvatar(file)
    const url = await storeAvatar(uploads, user.id, rendered)
    const profile = await save(user, { avatar: url, defaultAvatar: user.defaultAvatar ?? 'avatar' })
    await removeAvatar(uploads, user.avatar)
    return profile
  })

  app.delete('/user/avatar', {
    schema: {
      tags: ['user'],
      summary: 'Remove the avatar photo (file deleted) or the video link: 200 profile',
      querystring: avatarTypeQuerySchema,
      response: { 200: profileSchema, 401: apiErrorSchema },
    },
  }, async (request) => {
    const user = await requireUser(request)
    const type = request.query.avatar_type
    const otherValue = type === 'avatar' ? user.videoAvatar : user.avatar
    const profile = await save(user, {
      [column(type)]: null,
      defaultAvatar: user.defaultAvatar === type || !user.defaultAvatar ? (otherValue ? other(type) : null) : user.defaultAvatar,
    })
    if (type === 'avatar') await removeAvatar(uploads, user.avatar)
    return profile
  })

  app.put('/user/default-avatar', {
    schema: {
      tags: ['user'],
      summary: 'Which avatar is shown: avatar | video_avatar | null; 200 profile; 422 when that one is not set',
      body: defaultAvatarSchema,
      response: { 200: profileSchema, 401: apiErrorSchema },
    },
  }, async (request) => {
    const user = await requireUser(request)
    const choice = request.body.default_avatar
    if (choice && !user[column(choice)]) throw fieldError('default_avatar', USER_MESSAGES.defaultAvatarMissing)
    return save(user, { defaultAvatar: choice })
  })
}
export default avatar
