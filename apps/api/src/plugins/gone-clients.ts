import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * A request whose client hung up before its first hook ran (issue 29) is dropped before any work: nothing can be
 * answered, and its socket has no address left, on which the rate limiter's key (request.ip) threw
 * "Cannot read properties of undefined" and logged an unhandled error for every such request.
 */
export default fp(async function goneClients(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const socket = request.raw.socket
    if (socket && (socket.destroyed || socket.remoteAddress === undefined)) {
      reply.hijack()
      reply.raw.destroy()
    }
  })
}, { name: 'gone-clients' })
