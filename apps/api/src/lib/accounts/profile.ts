import { AVATAR_TYPES, permissionsFor, type AvatarType, type Profile } from '@portal/contracts/user'
import type { UserRow } from './guard.ts'

const avatarType = (v: string | null): AvatarType | null =>
  (AVATAR_TYPES as readonly string[]).includes(v ?? '') ? (v as AvatarType) : null

/** users.avatar holds the absolute path of the 400×400 WebP (`/uploads/avatars/{id}/{random}/400.webp`). */
export function avatarUrl(stored: string | null): string | null {
  if (!stored) return null
  return stored.startsWith('/') || /^https?:\/\//.test(stored) ? stored : `/uploads/${stored}`
}

/** The §3/§7 profile: what login, GET /api/user and every profile update return. */
export function toProfile(u: UserRow): Profile {
  const commission = u.commission as Profile['commission'] | null
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    nip: u.nip,
    avatar: avatarUrl(u.avatar),
    video_avatar: u.videoAvatar,
    default_avatar: avatarType(u.defaultAvatar),
    address: {
      city: u.address?.city ?? null,
      street: u.address?.street ?? null,
      zip_code: u.address?.zip_code ?? null,
      country: u.address?.country ?? null,
    },
    newsletter: u.newsletter,
    roles: u.roles,
    type: u.type,
    permissions: permissionsFor(u.roles, u.permissions),
    company_name: u.companyName,
    services: u.services ?? [],
    languages: u.languages ?? [],
    description: u.description,
    commission: commission && typeof commission === 'object' ? commission : null,
  }
}
