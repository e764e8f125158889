import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { ListingSummary } from '@portal/contracts/listing'
import { areaLabel, listingPrice, listingPricePerM2, photoAlt, placeLabel, roomsLabel } from '~/lib/listing-text'
import { FAVORITE_MESSAGES } from '@portal/contracts/plain/favorites'
import { ADVERTISER_BADGES } from '@portal/contracts/plain/listing'
import { useFavorites } from '~/lib/favorites'
import { AreaIcon, BedIcon, CameraIcon, HeartIcon, PinIcon } from './icons'
import { pressEarly } from './early-press'

/** Card widths in the home grids (1 / 2 / 3 / 4 columns inside a 1200 px page), for the browser to pick a photo. */
export const CARD_SIZES = '(min-width: 1280px) 288px, (min-width: 1024px) calc((100vw - 96px) / 3), (min-width: 640px) calc((100vw - 72px) / 2), calc(100vw - 32px)'

/** A paid PILNE frame is red, OKAZJA yellow (reference §10); others keep the plain hairline. */
const FRAME_CLASS = {
  urgent: 'border-[3px] border-red-600',
  bargain: 'border-[3px] border-yellow-400',
  none: 'border border-slate-200/80',
} as const

/**
 * How a card's photo loads: `true` for the page's likely LCP image (eager, fetchpriority high, which also makes React
 * preload it in the head); 'eager' for a photo that may be in the first screen on a wide one but is not the
 * LCP on a phone (loaded at once at the browser's own priority, no preload competing with the first paint's CSS,
 * fonts and scripts: issue 16, decision 034); `false` lazy. Home and /szukaj use `false` for every card since
 * decision 036: on a phone the cards are below the first screen, and React preloads every eager photo in the head.
 */
export type PhotoPriority = boolean | 'eager'

function Photo({ listing, priority }: { listing: ListingSummary; priority: PhotoPriority }) {
  const photo = listing.photo
  return (
    <div className="relative aspect-[4/3] overflow-hidden bg-slate-100">
      {photo ? (
        <>
          {photo.placeholder && (
            <div
              aria-hidden="true"
              className="absolute inset-0 scale-110 bg-cover bg-center blur-lg"
              style={{ backgroundImage: `url("${photo.placeholder}")` }}
            />
          )}
          <img
            src={photo.url}
            srcSet={photo.srcset}
            sizes={CARD_SIZES}
            width={photo.width}
            height={photo.height}
            alt={photoAlt(listing)}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority === true ? 'high' : 'auto'}
            decoding={priority === true ? 'sync' : 'async'}
            className="relative size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        </>
      ) : (
        <div className="flex size-full flex-col items-center justify-center gap-1 text-slate-400">
          <CameraIcon size={32} />
          {/* slate-400 on slate-100 is 2.3:1; the words need 4.5:1 (slate-600), the icon is decoration. */}
          <span className="text-sm text-slate-600">Brak zdjęcia</span>
        </div>
      )}
      <div className="absolute left-3 top-3 flex flex-wrap gap-1.5">
        {listing.is_promoted && (
          <span className="rounded-full bg-accent-600 px-2.5 py-1 text-xs font-semibold text-white shadow-sm">Wyróżnione</span>
        )}
        {listing.frame === 'urgent' && (
          <span className="rounded-full bg-red-700 px-2.5 py-1 text-xs font-bold tracking-wide text-white shadow-sm">PILNE</span>
        )}
        {listing.frame === 'bargain' && (
          <span className="rounded-full bg-yellow-300 px-2.5 py-1 text-xs font-bold tracking-wide text-slate-900 shadow-sm">OKAZJA</span>
        )}
        {listing.ad_type === 'seek' && (
          <span className="rounded-full bg-slate-900/85 px-2.5 py-1 text-xs font-semibold text-white shadow-sm">Szukam</span>
        )}
      </div>
      {listing.photos_count > 1 && (
        <span className="absolute bottom-3 left-3 inline-flex items-center gap-1 rounded-full bg-slate-900/70 px-2 py-0.5 text-xs font-medium text-white">
          <CameraIcon size={14} />
          <span className="sr-only">Zdjęć: </span>
          {listing.photos_count}
        </span>
      )}
    </div>
  )
}

/**
 * A listing card (design.md): photo first, then price, price per m², area, rooms, place. The whole card is one
 * link (the title's link is stretched over it); the heart sits above the link as its own button.
 */
/** `note`: a line at the foot of the card (a favourite's last price change on /ulubione). */
export function ListingCard({ listing, priority = false, note }: { listing: ListingSummary; priority?: PhotoPriority; note?: ReactNode }) {
  const favorites = useFavorites()
  const favourite = favorites.has(listing.id)
  const perM2 = listingPricePerM2(listing)
  const area = areaLabel(listing.area)
  const rooms = roomsLabel(listing.rooms)

  return (
    <article
      data-listing-card={listing.slug}
      data-frame={listing.frame ?? undefined}
      className={`group relative flex w-full flex-col overflow-hidden rounded-2xl bg-white ${FRAME_CLASS[listing.frame ?? 'none']} shadow-card transition-shadow hover:shadow-card-hover has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-accent-600`}
    >
      <Photo listing={listing} priority={priority} />
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <p className="text-xl font-bold tracking-tight text-slate-900">{listingPrice(listing)}</p>
          {perM2 && <p className="text-sm text-slate-600">{perM2}</p>}
        </div>
        <h3 className="line-clamp-2 text-[15px] font-medium leading-snug text-slate-800">
          <Link
            to={`/ogloszenia/${listing.slug}`}
            prefetch="intent"
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {listing.title}
          </Link>
        </h3>
        {(area || rooms) && (
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
            {area && (
              <li className="inline-flex items-center gap-1.5">
                <AreaIcon size={16} className="text-slate-500" />
                <span className="sr-only">Powierzchnia: </span>
                {area}
              </li>
            )}
            {rooms && (
              <li className="inline-flex items-center gap-1.5">
                <BedIcon size={16} className="text-slate-500" />
                {rooms}
              </li>
            )}
          </ul>
        )}
        <p className="mt-auto inline-flex items-start gap-1.5 pt-1 text-sm text-slate-600">
          <PinIcon size={16} className="mt-0.5 shrink-0 text-slate-400" />
          {placeLabel(listing)}
        </p>
        {listing.advertiser && (
          <p data-advertiser-kind={listing.advertiser} className="text-xs font-medium text-slate-500">{ADVERTISER_BADGES[listing.advertiser]}</p>
        )}
        {note}
      </div>
      {/* A toggle: the name stays, aria-pressed says whether it is a favourite (guests get the login dialog). Home's
          sections and a listing's similar listings hydrate later: a press before their code arrived is replayed
          (pressEarly, decision 042). */}
      <button
        type="button"
        {...pressEarly}
        aria-label={FAVORITE_MESSAGES.add}
        aria-pressed={favourite}
        aria-busy={favorites.pending(listing.id) || undefined}
        title={favourite ? FAVORITE_MESSAGES.remove : FAVORITE_MESSAGES.add}
        onClick={() => { if (!favorites.pending(listing.id)) void favorites.toggle(listing.id) }}
        className={`absolute right-3 top-3 z-10 inline-flex size-10 cursor-pointer items-center justify-center rounded-full bg-white/90 shadow-sm backdrop-blur transition-colors hover:bg-white ${
          favourite ? 'text-accent-600' : 'text-slate-700 hover:text-accent-600'
        }`}
      >
        <HeartIcon size={20} fill={favourite ? 'currentColor' : 'none'} />
      </button>
    </article>
  )
}
