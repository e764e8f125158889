import type { FeedItem } from '../map.ts'
import type { XmlEvent } from '../xml.ts'

/** What a file says about itself: its format, full snapshot or changes, and its date when it names one. */
export interface FeedHeader { format: string; mode: 'full' | 'diff'; date: Date | null }

/**
 * One feed format: which root element it has, which elements are read whole (`collect`: one offer each), and a
 * reader turning the stream's events into the header (always first) and items.
 */
export interface FeedFormat {
  id: string
  label: string
  root: string
  collect(name: string, depth: number): boolean
  reader(): {
    open(ev: Extract<XmlEvent, { kind: 'open' }>): FeedHeader[] | void
    node(ev: Extract<XmlEvent, { kind: 'node' }>): Array<FeedHeader | FeedItem>
    /** At the end of the file: the header if no item forced it out yet. */
    end(): FeedHeader[]
  }
}
