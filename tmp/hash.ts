import { hashPassword } from '../apps/api/src/lib/accounts/password.ts'
console.log(await hashPassword('Demo1234'))
