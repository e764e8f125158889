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
/** ... and at most this many elements (empty ones carry no text but cost an object each). */
const MAX_NODE_ELEMENTS = 100_000

/**
 * The bound of the parser's own buffer (issue 29 M4). saxes keeps a text, comment, CDATA or tag in one string until
 * the markup that ends it: a 1 MB ZIP whose XML held 1 GB of whitespace grew the process by 530 MB. Before the parser
 * sees it, a whitespace run is cut to MAX_WHITESPACE_RUN characters (XML whitespace that long means nothing, inside
 * a description too), and any stretch between two '<'/'>' longer than MAX_MARKUP_RUN characters fails the run. So the
 * reader holds at most ~MAX_MARKUP_RUN + MAX_NODE_CHARS characters (~16 MB as UTF-16) plus one decoded input chunk,
 * whatever the file holds.
 */
export const MAX_WHITESPACE_RUN = 4096
export const MAX_MARKUP_RUN = MAX_NODE_CHARS

/** A filter over decoded text with the state it carries from one chunk to the next. */
export function boundedText() {
  let ws = 0
  let run = 0
  return (chunk: string): string => {
    let out = ''
    let start = 0
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i)
      if (c === 32 || c === 10 || c === 9 || c === 13) {
        if (++ws > MAX_WHITESPACE_RUN) {
          // Dropped: copy what came before it once, continue after it.
          if (i > start) out += chunk.slice(start, i)
          start = i + 1
          continue
        }
      } else {
        ws = 0
        if (c === 60 || c === 62) { run = 0; continue } // '<' '>'
      }
      if (++run > MAX_MARKUP_RUN) throw new FeedFileError(`Plik zawiera zbyt długi fragment bez znaczników (ponad ${MAX_MARKUP_RUN.toLocaleString('pl-PL')} znaków)`)
    }
    if (start === 0) return chunk
    return chunk.length > start ? out + chunk.slice(start) : out
  }
}

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
  let elements = 0
  parser.on('opentag', (tag) => {
    const name = local(tag.name)
    const attrs: Record<string, string> = {}
    for (const [k, v] of Object.entries(tag.attributes as Record<string, string>)) attrs[local(k)] = v
    sawRoot = true
    if (collectDepth >= 0) {
      if (++elements > MAX_NODE_ELEMENTS) throw new FeedFileError(`Element pliku ma zbyt wiele elementów (ponad ${MAX_NODE_ELEMENTS.toLocaleString('pl-PL')})`)
      const node: XmlNode = { name, attrs, children: [], text: '' }
      stack.at(-1)!.children.push(node)
      stack.push(node)
    } else if (collect(name, depth)) {
      collectDepth = depth
      chars = 0
      elements = 0
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
  const bound = boundedText()
  const feed = (text: string) => {
    try {
      parser.write(bound(text))
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
