import type { PublicOffer } from '@portal/contracts/offer'
import type { PropertyGroup } from '@portal/contracts/property'
import type { PriceComparison } from '@portal/contracts/prices'
import { MortgageCalculator } from './mortgage-calculator'
import { PriceInsight } from './price-insight'
import { paragraphs } from '~/lib/offer-text'
import { ListingCard } from '../listing-card'
import { monthlyCost, attrGrosze, CZYNSZ_ID } from '~/lib/monthly-cost'
import { AttributeGroups, EnergyBlock, MonthlyCostBlock, LocationBlock, Plans, PriceHistory, Section } from './offer-sections'
import { InvestmentNote } from './investment-note'
import { SameProperty } from './same-property'
import { Videos } from './videos'

/** The listing page below its key facts (offer-page.tsx hydrates it later, decision 040). */
export function OfferDetails({ offer: o, alt, tileUrl, property, comparison = null, mortgageRate = null }: {
  offer: PublicOffer; alt: string; tileUrl: string | null; property: PropertyGroup | null
  /** The market comparison and the mortgage calculator's rate (issue 26), in this idle-loaded chunk. */
  comparison?: PriceComparison['comparison']; mortgageRate?: number | null
}) {
  const monthly = monthlyCost(o)
  return (
    <>
      {o.investment && <InvestmentNote investment={o.investment} />}
      {monthly && <MonthlyCostBlock cost={monthly} />}
      {comparison && <PriceInsight c={comparison} />}
      {mortgageRate !== null && <MortgageCalculator price={o.price} ratePct={mortgageRate} czynsz={attrGrosze(o, CZYNSZ_ID)} />}
      <Section id="opis" title="Opis">
        <div className="flex max-w-[70ch] flex-col gap-4 text-[16px] leading-relaxed text-slate-800">
          {paragraphs(o.description).map((lines, i) => (
            <p key={i}>
              {lines.map((l, j) => (
                <span key={j}>{j > 0 && <br />}{l}</span>
              ))}
            </p>
          ))}
        </div>
      </Section>
      <Section id="parametry" title="Szczegóły ogłoszenia">
        <AttributeGroups attributes={o.attributes} />
      </Section>
      <Section id="energia" title="Charakterystyka energetyczna">
        <EnergyBlock offer={o} />
      </Section>
      {(o.videos.video || o.videos.video_2 || o.videos.walk_video) && (
        <Section id="filmy" title="Filmy">
          <Videos videos={o.videos} />
        </Section>
      )}
      {o.project_plan_photos.length > 0 && (
        <Section id="plany" title="Plany">
          <Plans plans={o.project_plan_photos} alt={alt} />
        </Section>
      )}
      <div id="lokalizacja" className="scroll-mt-32">
        <Section id="lokalizacja-h" title="Lokalizacja">
          <LocationBlock offer={o} tileUrl={tileUrl} />
        </Section>
      </div>
      {property && <SameProperty group={property} topCategorySlug={o.category.parent?.slug ?? o.category.slug} rent={o.offer_type === 'rent'} />}
      {o.price_history.length > 1 && (
        <Section id="historia-ceny" title="Historia ceny">
          <PriceHistory history={o.price_history} rent={o.offer_type === 'rent'} />
        </Section>
      )}
    </>
  )
}

/** 'Podobne ogłoszenia' at the page's end. */
export function SimilarListings({ similar }: { similar: PublicOffer['similar'] }) {
  return (
    <section aria-labelledby="similar-heading" className="container-page mt-14">
      <h2 id="similar-heading" className="mb-5 text-2xl font-bold text-slate-900">Podobne ogłoszenia</h2>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {similar.slice(0, 8).map((l) => <li key={l.id} className="flex"><ListingCard listing={l} /></li>)}
      </ul>
    </section>
  )
}
