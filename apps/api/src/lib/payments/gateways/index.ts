import type { Env } from '../../../env.ts'
import { PayuGateway } from './payu.ts'
import { Przelewy24Gateway } from './przelewy24.ts'
import { SimulatorGateway } from './simulator.ts'
import type { Gateway } from './types.ts'

/** The adapter PAYMENTS names, with its credentials from the environment (checked at start by env.ts). */
export function gatewayFor(env: Env, appKey: string): Gateway {
  switch (env.PAYMENTS) {
    case 'przelewy24':
      return new Przelewy24Gateway({
        url: env.P24_URL.replace(/\/+$/, ''), merchantId: Number(env.P24_MERCHANT_ID), posId: Number(env.P24_POS_ID), crc: env.P24_CRC!, apiKey: env.P24_API_KEY!,
      })
    case 'payu':
      return new PayuGateway({
        url: env.PAYU_URL.replace(/\/+$/, ''), posId: env.PAYU_POS_ID!, clientId: env.PAYU_CLIENT_ID!, clientSecret: env.PAYU_CLIENT_SECRET!, secondKey: env.PAYU_SECOND_KEY!,
      })
    default:
      return new SimulatorGateway(appKey)
  }
}
