import type { FastifyInstance, FastifyReply } from 'fastify'
import { desc, eq } from 'drizzle-orm'
import { mailOutbox } from '@portal/db'
import { escapeHtml } from '../../mail/templates.ts'
import { devMailVisible } from '../../env.ts'

/**
 * GET /dev/mail: the mail outbox, so somebody trying the portal can click an activation link without a mail server.
 * Shown only where mail cannot go out and nobody real is served (devMailVisible); everywhere else both URLs are 404.
 */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data: https: http:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

export default async function devMail(app: FastifyInstance) {
  const hidden = () => !devMailVisible(app.env)
  const notFound = (reply: FastifyReply) => reply.code(404).type('application/json').send({ error: 'not_found', message: 'Nie znaleziono.' })

  // Development only (404 elsewhere): not part of the API's document.
  app.get('/dev/mail', { schema: { hide: true } }, async (_request, reply) => {
    if (hidden()) return notFound(reply)
    const rows = await app.db.db.select({
      id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject, createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt, error: mailOutbox.error,
    }).from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(200)
    const items = rows.map((r) => `<tr><td>${r.id}</td><td>${escapeHtml(new Date(r.createdAt).toLocaleString('pl-PL'))}</td>
<td>${escapeHtml(r.to)}</td><td><a href="/dev/mail/${r.id}">${escapeHtml(r.subject)}</a></td>
<td>${r.error ? `błąd: ${escapeHtml(r.error)}` : r.sentAt ? 'wysłany' : 'tylko w skrzynce'}</td></tr>`).join('\n')
    reply.header('content-security-policy', CSP).header('cache-control', 'no-store')
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="pl"><head><meta charset="utf-8">
<title>Skrzynka nadawcza (dev)</title><style>body{font-family:system-ui,sans-serif;margin:24px;color:#1f2937}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e5e7eb;padding:8px;text-align:left;font-size:14px}
a{color:#db2777}</style></head><body><h1>Skrzynka nadawcza</h1>
<p>Wiadomości wysłane przez aplikację, od najnowszych (tylko poza produkcją).</p>
<table><thead><tr><th>#</th><th>Data</th><th>Do</th><th>Temat</th><th>Stan</th></tr></thead><tbody>
${items || '<tr><td colspan="5">Brak wiadomości.</td></tr>'}</tbody></table></body></html>`)
  })

  app.get<{ Params: { id: string }; Querystring: { format?: string } }>('/dev/mail/:id', { schema: { hide: true } }, async (request, reply) => {
    if (hidden() || !/^\d{1,9}$/.test(request.params.id)) return notFound(reply)
    const [row] = await app.db.db.select().from(mailOutbox).where(eq(mailOutbox.id, Number(request.params.id))).limit(1)
    if (!row) return notFound(reply)
    reply.header('content-security-policy', CSP).header('cache-control', 'no-store')
    if (request.query.format === 'text') return reply.type('text/plain; charset=utf-8').send(row.text)
    return reply.type('text/html; charset=utf-8').send(row.html)
  })
}
