import type { FeedItem } from './map.ts'
import { FeedFileError, readXml } from './xml.ts'
import type { FeedFormat, FeedHeader } from './formats/format.ts'
import { ofertyNet } from './formats/ofertynet.ts'
import { openImmo } from './formats/openimmo.ts'
import { portalFormat } from './formats/portal.ts'

export const FORMATS: FeedFormat[] = [ofertyNet, openImmo, portalFormat]
export type { FeedHeader }

const isHeader = (x: FeedHeader | FeedItem): x is FeedHeader => 'mode' in x

/**
 * A feed file as a stream of its header (first) and items; the format is told by the root element. Throws
 * FeedFileError for a file that is not one of the formats, is malformed, or lacks its header.
 */
export async function* readFeed(input: AsyncIterable<Buffer | string>): AsyncGenerator<
  { type: 'header'; header: FeedHeader } | { type: 'item'; item: FeedItem }
> {
  let format: FeedFormat | undefined
  let reader: ReturnType<FeedFormat['reader']> | undefined
  const collect = (name: string, depth: number) => {
    if (depth === 0) {
      format = FORMATS.find((f) => f.root === name)
      if (!format) throw new FeedFileError(`Nieznany format pliku (element główny <${name.slice(0, 40)}>); obsługujemy Oferty.net, OpenImmo i format portalu`)
      reader = format.reader()
    }
    return format!.collect(name, depth)
  }
  const wrap = (list: Array<FeedHeader | FeedItem> | void) => (list ?? []).map((x) =>
    isHeader(x) ? { type: 'header' as const, header: x } : { type: 'item' as const, item: x })
  for await (const ev of readXml(input, collect)) {
    yield* wrap(ev.kind === 'open' ? reader!.open(ev) : reader!.node(ev))
  }
  yield* wrap(reader?.end())
}
