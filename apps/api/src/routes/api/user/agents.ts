import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { eq, sql } from 'drizzle-orm'
import { users } from '@portal/db'
import { AGENT_MESSAGES, agentInviteSchema, agentSchema, agentSettingsSchema, agentsResponseSchema } from '@portal/contracts/people'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { requireCompany } from '../../../lib/accounts/guard.ts'
import { issueToken, voidTokens } from '../../../lib/accounts/tokens.ts'
import { HttpError } from '../../../lib/http/errors.ts'
import { blockedFor, hit } from '../../../lib/http/throttle.ts'
import { inTransaction } from '../../../lib/http/transaction.ts'
import { companyAgent, createAgent, isActiveAgent, listAgents, removeAgent } from '../../../lib/people/agents.ts'
import { displayName } from '../../../lib/people/profile.ts'
import { agentInviteMail } from '../../../mail/templates.ts'

/** Invitations per company per hour, and resends per agent per 15 minutes (mail-bombing guard). */
export const AGENT_LIMITS = { invitesPerHour: 30, resendsPer15Min: 3 }

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: validationErrorSchema, 429: apiErrorSchema }
const idParams = z.object({ id: z.string().max(20) })

/** /api/user/agents: a company's agents (spec §7; guard 'company': role company or admin, else 403). */
const agents: FastifyPluginAsyncZod = async (app) => {
  // `konto=nowe`: the page speaks of a first password, not of a changed one.
  const inviteUrl = (token: string) => `${app.env.PUBLIC_URL}/ustaw-haslo?token=${encodeURIComponent(token)}&konto=nowe`

  app.get('/user/agents', {
    schema: {
      tags: ['agents'],
      summary: "The company's agents: {data: [{id, name, email, phone, avatar, status 'Aktywny'|'Nieaktywny', created_at, offers_count, profile_url}], agents_share_listings}",
      response: { 200: agentsResponseSchema, ...errors },
    },
  }, async (request, reply) => {
    const company = await requireCompany(request)
    reply.header('cache-control', 'no-store')
    return { data: await listAgents(app.db, company.id), agents_share_listings: company.agentsShareListings }
  })

  app.post('/user/agents', {
    schema: {
      tags: ['agents'],
      summary: "Invite an agent {name, email, phone?}: an inactive account and the mail 'Dazu - zaproszenie do stworzenia konta' with /ustaw-haslo?token= (7 days, single use). 201 agent; 422 email when the address already has an account",
      body: agentInviteSchema,
      response: { 201: agentSchema, ...errors },
    },
  }, async (request, reply) => {
    const company = await requireCompany(request)
    const key = `agents:invite:${company.id}`
    const wait = await blockedFor(app.db, key, AGENT_LIMITS.invitesPerHour)
    if (wait > 0) {
      reply.header('retry-after', String(wait))
      throw new HttpError(429, 'too_many_requests', AGENT_MESSAGES.tooMany)
    }
    const { agent, token } = await inTransaction(app.db, async (tx) => {
      const agent = await createAgent(tx, company, request.body)
      return { agent, token: await issueToken(tx, agent.id, 'agent_invite') }
    })
    await hit(app.db, key, 3600_000)
    await app.mailer.send(agentInviteMail(agent.email, agent.name, displayName(company), inviteUrl(token)))
    const row = (await listAgents(app.db, company.id)).find((a) => a.id === agent.id)!
    return reply.code(201).header('cache-control', 'no-store').send(row)
  })

  app.get('/user/agents/resend-email/:id', {
    schema: {
      tags: ['agents'],
      summary: "Send the invitation again (older links stop working): 200 {message: 'Na email agenta został wysłany link aktywacyjny'}; 400 already active; 404 not this company's agent; 429 over 3 per 15 min",
      params: idParams,
      response: { 200: z.object({ message: z.string() }), 400: apiErrorSchema, ...errors },
    },
  }, async (request, reply) => {
    const company = await requireCompany(request)
    const agent = await companyAgent(app.db, company, request.params.id)
    if (isActiveAgent(agent)) throw new HttpError(400, 'already_active', AGENT_MESSAGES.alreadyActive)
    const key = `agents:resend:${agent.id}`
    const wait = await blockedFor(app.db, key, AGENT_LIMITS.resendsPer15Min)
    if (wait > 0) {
      reply.header('retry-after', String(wait))
      throw new HttpError(429, 'too_many_requests', AGENT_MESSAGES.tooMany)
    }
    await voidTokens(app.db, agent.id, 'agent_invite')
    const token = await issueToken(app.db, agent.id, 'agent_invite')
    await hit(app.db, key, 15 * 60_000)
    await app.mailer.send(agentInviteMail(agent.email, agent.name, displayName(company), inviteUrl(token)))
    reply.header('cache-control', 'no-store')
    return { message: AGENT_MESSAGES.resent }
  })

  app.delete('/user/agents/:id', {
    schema: {
      tags: ['agents'],
      summary: "Remove an agent: their listings stay with the company (never deleted); the agent's account and sessions end. 204; 404 not this company's agent",
      params: idParams,
      response: { 204: z.null(), ...errors },
    },
  }, async (request, reply) => {
    const company = await requireCompany(request)
    const agent = await companyAgent(app.db, company, request.params.id)
    await inTransaction(app.db, (tx) => removeAgent(tx, company, agent))
    return reply.code(204).send(null)
  })

  app.patch('/user/agents/settings', {
    schema: {
      tags: ['agents'],
      summary: "Whether the company's agents see and manage all of its listings (other agents' drafts included): {agents_share_listings} → 204",
      body: agentSettingsSchema,
      response: { 204: z.null(), ...errors },
    },
  }, async (request, reply) => {
    const company = await requireCompany(request)
    await app.db.db.update(users).set({ agentsShareListings: request.body.agents_share_listings, updatedAt: sql`now()` })
      .where(eq(users.id, company.id))
    return reply.code(204).send(null)
  })
}
export default agents
