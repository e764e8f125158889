import { initials, type Profile } from '~/lib/user'

/** The user's photo (the small 96 px rendition where the size allows) or their initials on the accent colour. */
export function UserAvatar({ user, size = 32, src }: { user: Pick<Profile, 'name' | 'avatar'>; size?: number; src?: string | null }) {
  const url = src ?? (user.avatar ? (size <= 96 ? user.avatar.replace(/\/400\.webp$/, '/96.webp') : user.avatar) : null)
  if (url) {
    return (
      <img
        src={url}
        alt=""
        width={size}
        height={size}
        className="shrink-0 rounded-full bg-slate-100 object-cover"
        style={{ width: size, height: size }}
      />
    )
  }
  // The initials are drawn by CSS, not DOM text: a button holding the avatar is named by its visible text
  // (WCAG 2.5.3, axe's label-content-name-mismatch), and 'JK' is no word of 'Moje konto: Jan Kowalski'.
  return (
    <span
      aria-hidden="true"
      data-initials={initials(user.name)}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-accent-100 font-semibold text-accent-800 before:content-[attr(data-initials)]"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
    />
  )
}
