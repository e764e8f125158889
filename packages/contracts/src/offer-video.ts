/**
 * Video links of a listing (links.video, links.video_2, links.walk_video): YouTube and Vimeo only. Pure functions,
 * shared by the form (live thumbnails) and the API (validation, video_thumbnails).
 */
export interface VideoInfo {
  provider: 'youtube' | 'vimeo'
  id: string
  /** Canonical watch URL (what is stored). */
  url: string
  /** Privacy-friendly embed URL for an <iframe>. */
  embed_url: string
  /**
   * YouTube's static thumbnail (https://i.ytimg.com/vi/{id}/hqdefault.jpg); null for Vimeo, whose thumbnails need
   * an API call. A third-party image: the web decides whether to load it (tests run without network).
   */
  thumbnail: string | null
}

const YT_ID = /^[\w-]{11}$/

/** Parses youtube.com/watch?v=, youtu.be/, /shorts/, /embed/, /live/ and vimeo.com/{id} links; null otherwise. */
export function parseVideoUrl(raw: string | null | undefined): VideoInfo | null {
  if (!raw) return null
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '')
  let ytId: string | null = null
  if (host === 'youtu.be') {
    const id = url.pathname.slice(1)
    ytId = YT_ID.test(id) ? id : null
  } else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const v = url.searchParams.get('v')
    if (url.pathname === '/watch' && v && YT_ID.test(v)) ytId = v
    else ytId = /^\/(?:embed|shorts|live)\/([\w-]{11})\/?$/.exec(url.pathname)?.[1] ?? null
  } else if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const m = /^\/(?:video\/)?(\d{5,12})\/?$/.exec(url.pathname)
    if (!m) return null
    return {
      provider: 'vimeo', id: m[1]!, url: `https://vimeo.com/${m[1]}`,
      embed_url: `https://player.vimeo.com/video/${m[1]}?dnt=1`, thumbnail: null,
    }
  }
  if (!ytId) return null
  return {
    provider: 'youtube', id: ytId, url: `https://www.youtube.com/watch?v=${ytId}`,
    embed_url: `https://www.youtube-nocookie.com/embed/${ytId}`,
    thumbnail: `https://i.ytimg.com/vi/${ytId}/hqdefault.jpg`,
  }
}
