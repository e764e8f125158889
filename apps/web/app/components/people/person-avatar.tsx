import { initials } from '~/lib/user'

/** A profile's or card's picture (the 96 px rendition for small sizes) or the initials on the accent colour. */
export function PersonAvatar({ name, avatar, size = 64, rounded = 'full' }: { name: string; avatar: string | null; size?: number; rounded?: 'full' | 'xl' }) {
  const r = rounded === 'full' ? 'rounded-full' : 'rounded-xl'
  const url = avatar && size <= 96 ? avatar.replace(/\/400\.webp$/, '/96.webp') : avatar
  if (url) {
    return <img src={url} alt="" width={size} height={size} loading="lazy" className={`shrink-0 bg-slate-100 object-cover ${r}`} style={{ width: size, height: size }} />
  }
  return (
    <span aria-hidden="true" className={`inline-flex shrink-0 items-center justify-center bg-accent-100 font-bold text-accent-800 ${r}`}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.36) }}>
      {initials(name)}
    </span>
  )
}
