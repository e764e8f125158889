import { SaxesParser } from 'saxes'

/**
 * A streaming XML reader for feeds (decision 025): bytes in, events out, never the whole document in memory. The
 * encoding comes from the XML declaration (ISO-8859-2 is common in Polish CRMs' exports; UTF-8 by default) and is
 * decoded chunk by chunk. Elements the format asks for (`collect`) come out as small trees (one offer each); all
 * other elements only as 'open' events with their attributes (context such as `<dzial tab typ>`).
 */
export interface XmlNode { name: string; attrs: Record<string, string>; children: XmlNode[]; text: string }
export type XmlEvent =
  | { kind: 'open'; name: string; attrs: Record<string, string>; depth: number }
  | { kind: 'node'; node: XmlNode; depth: number }

/** A problem with the file itself: the run fails with this Polish message and nothing is changed. */
export class FeedFileError extends Error {}

/** One collected element may hold at most this many characters of text (a broken feed must not exhaust memory). */
const MAX_NODE_CHARS = 4_000_000

const local = (name: string) => name.slice(name.indexOf(':') + 1)

function encodingOf(head: Buffer): string {
  const text = head.subarray(0, 300).toString('latin1')
  const m = /^(?:\uFEFF|\xEF\xBB\xBF)?\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(text)
  return m ? m[1]!.toLowerCase() : 'utf-8'
}

function decoderFor(label: string): TextDecoder {
  try {
    return new TextDecoder(label, { fatal: true })
  } catch {
    throw new FeedFileError(`Nieobsługiwane kodowanie pliku: ${label}`)
  }
}

export async function* readXml(
  input: AsyncIterable<Buffer | string>,
  collect: (name: string, depth: number) => boolean,
): AsyncGenerator<XmlEvent> {
  const parser = new SaxesParser({ position: true })
  const out: XmlEvent[] = []
  const stack: XmlNode[] = []
  let depth = 0
  let collectDepth = -1
  let chars = 0
  let sawRoot = false
  parser.on('opentag', (tag) => {
    const name = local(tag.name)
    const attrs: Record<string, string> = {}
    for (const [k, v] of Object.entries(tag.attributes as Record<string, string>)) attrs[local(k)] = v
    sawRoot = true
    if (collectDepth >= 0) {
      const node: XmlNode = { name, attrs, children: [], text: '' }
      stack.at(-1)!.children.push(node)
      stack.push(node)
    } else if (collect(name, depth)) {
      collectDepth = depth
      chars = 0
      stack.push({ name, attrs, children: [], text: '' })
    } else {
      out.push({ kind: 'open', name, attrs, depth })
    }
    depth++
  })
  const onText = (t: string) => {
    if (collectDepth < 0) return
    chars += t.length
    if (chars > MAX_NODE_CHARS) throw new FeedFileError('Element pliku jest zbyt duży (ponad 4 mln znaków)')
    stack.at(-1)!.text += t
  }
  parser.on('text', onText)
  parser.on('cdata', onText)
  parser.on('closetag', () => {
    depth--
    if (collectDepth < 0) return
    const node = stack.pop()!
    if (depth === collectDepth) {
      collectDepth = -1
      out.push({ kind: 'node', node, depth })
    }
  })

  let decoder: TextDecoder | null = null
  let head: Buffer = Buffer.alloc(0)
  const feed = (text: string) => {
    try {
      parser.write(text)
    } catch (err) {
      if (err instanceof FeedFileError) throw err
      throw new FeedFileError(`Plik XML jest uszkodzony (wiersz ${parser.line}, kolumna ${parser.column}): ${(err as Error).message.replace(/^(?:[^:\s]*:)?\d+:\d+: /, '')}`)
    }
  }
  const decode = (buf: Buffer, stream: boolean) => {
    try {
      return decoder!.decode(buf, { stream })
    } catch {
      throw new FeedFileError(`Plik nie jest poprawnie zakodowany (${decoder!.encoding})`)
    }
  }
  for await (const chunk of input) {
    if (typeof chunk === 'string') {
      feed(chunk)
    } else if (!decoder) {
      // The declaration is in the first bytes; wait for enough of them to read it.
      head = Buffer.concat([head, chunk])
      if (head.length < 300) continue
      decoder = decoderFor(encodingOf(head))
      feed(decode(head, true))
    } else {
      feed(decode(chunk, true))
    }
    yield* out.splice(0)
  }
  if (!decoder && head.length) {
    decoder = decoderFor(encodingOf(head))
    feed(decode(head, true))
  }
  if (decoder) feed(decode(Buffer.alloc(0), false))
  try {
    parser.close()
  } catch (err) {
    if (!sawRoot) throw new FeedFileError('Plik jest pusty albo nie jest plikiem XML')
    throw new FeedFileError(`Plik XML jest uszkodzony lub niekompletny (wiersz ${parser.line}): ${(err as Error).message.replace(/^(?:[^:\s]*:)?\d+:\d+: /, '')}`)
  }
  if (!sawRoot) throw new FeedFileError('Plik jest pusty albo nie jest plikiem XML')
  yield* out.splice(0)
}

// Small helpers for reading collected trees.
export const child = (n: XmlNode | undefined, name: string) => n?.children.find((c) => c.name === name)
export const children = (n: XmlNode | undefined, name: string) => n?.children.filter((c) => c.name === name) ?? []
export const textOf = (n: XmlNode | undefined) => n?.text.trim() ?? ''
export const path = (n: XmlNode | undefined, ...names: string[]) => names.reduce<XmlNode | undefined>((x, name) => child(x, name), n)
/** Every descendant with this name (depth-first). */
export function descendants(n: XmlNode, name: string, out: XmlNode[] = []): XmlNode[] {
  for (const c of n.children) {
    if (c.name === name) out.push(c)
    descendants(c, name, out)
  }
  return out
}
