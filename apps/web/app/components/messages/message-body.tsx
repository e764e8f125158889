import { Fragment } from 'react'

const URL_RE = /(https?:\/\/[^\s<>"']+)/g

/**
 * A message's text, line breaks kept. Links are clickable only when the sender is a verified account holder; from
 * anyone else they stay plain text (a phishing link has to be copied by hand, on purpose).
 */
export function MessageBody({ text, linksAllowed }: { text: string; linksAllowed: boolean }) {
  return (
    <div className="whitespace-pre-wrap break-words text-[15px] leading-relaxed">
      {text.split(URL_RE).map((part, i) =>
        i % 2 === 1 && linksAllowed ? (
          <a key={i} href={part} target="_blank" rel="noopener noreferrer nofollow ugc" className="font-medium text-accent-700 underline">{part}</a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </div>
  )
}
