import { profileUpdateSchema } from '@portal/contracts/user'
import { useState, type FormEvent } from 'react'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { useAuth } from '~/lib/auth'
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '~/lib/form-errors'
import { useFormState } from '~/lib/use-form-state'
import { useToast } from '~/lib/toast'
import { isCompanyAccount, type Profile } from '~/lib/user'
import { Field, SubmitButton, TextAreaField } from '../form'
import { SettingsSection } from './section'

type Values = {
  name: string
  phone: string
  street: string
  zip_code: string
  city: string
  country: string
  company_name: string
  nip: string
  description: string
}

function fromProfile(p: Profile): Values {
  return {
    name: p.name ?? '',
    phone: p.phone ?? '',
    street: p.address?.street ?? '',
    zip_code: p.address?.zip_code ?? '',
    city: p.address?.city ?? '',
    country: p.address?.country ?? 'Polska',
    company_name: p.company_name ?? '',
    nip: p.nip ?? '',
    description: p.description ?? '',
  }
}

// Error keys of the API ('address.city') → the form's own keys.
const KEY: Record<string, keyof Values> = {
  'address.city': 'city',
  'address.street': 'street',
  'address.zip_code': 'zip_code',
  'address.country': 'country',
}
const toFormKeys = (e: FieldErrors) => Object.fromEntries(Object.entries(e).map(([k, v]) => [KEY[k] ?? k, v]))

/** Profile and, for agencies, developers and hotels, the company block (PUT /api/user/profile). */
export function ProfileSection({ user }: { user: Profile }) {
  const auth = useAuth()
  const toast = useToast()
  const company = isCompanyAccount(user)
  const { values, setValues, errors, setErrors, field } = useFormState<Values>(() => fromProfile(user))
  const [pending, setPending] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const body = {
      name: values.name,
      phone: values.phone,
      address: { street: values.street, zip_code: values.zip_code, city: values.city, country: values.country },
      ...(company ? { company_name: values.company_name, nip: values.nip, description: values.description } : {}),
    }
    const parsed = profileUpdateSchema.safeParse(body)
    if (!parsed.success) {
      setErrors(toFormKeys(zodFieldErrors(parsed.error)))
      toast.error('Popraw zaznaczone pola', 3000)
      return
    }
    setPending(true)
    try {
      const profile = await api.put<Profile>('/api/user/profile', body)
      auth.update(profile)
      setValues(fromProfile(profile))
      toast.success('Zapisano zmiany w profilu')
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        setErrors(toFormKeys(serverFieldErrors(err.fieldErrors)))
        toast.error('Popraw zaznaczone pola', 3000)
      } else if (err instanceof ApiError && !err.handled) {
        toast.error(err.message)
      }
    } finally {
      setPending(false)
    }
  }

  return (
    <SettingsSection title="Dane profilu" description="Te dane widzą osoby, które odpowiadają na Twoje ogłoszenia.">
      <form noValidate onSubmit={submit} aria-label="Dane profilu" className="flex flex-col gap-4">
        <Field label="Imię i nazwisko lub nazwa firmy" autoComplete="name" isRequired {...field('name')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Email"
            name="email"
            type="email"
            value={user.email}
            onChange={() => undefined}
            isReadOnly
            description="Adres logowania — nie można go tu zmienić."
          />
          <Field label="Telefon" type="tel" inputMode="tel" autoComplete="tel" placeholder="np. 600 100 200" {...field('phone')} />
        </div>
        <fieldset className="mt-2 flex flex-col gap-4">
          <legend className="mb-3 text-base font-semibold text-slate-900">Adres</legend>
          <Field label="Ulica i numer" autoComplete="street-address" {...field('street')} />
          <div className="grid gap-4 sm:grid-cols-[160px_1fr]">
            <Field label="Kod pocztowy" autoComplete="postal-code" inputMode="numeric" placeholder="00-000" {...field('zip_code')} />
            <Field label="Miejscowość" autoComplete="address-level2" {...field('city')} />
          </div>
          <Field label="Kraj" autoComplete="country-name" {...field('country')} />
        </fieldset>
        {company && (
          <fieldset className="mt-2 flex flex-col gap-4 border-t border-slate-100 pt-5">
            <legend className="sr-only">Firma</legend>
            <p aria-hidden="true" className="-mb-1 text-base font-semibold text-slate-900">
              Firma
            </p>
            <div className="grid gap-4 sm:grid-cols-[1fr_200px]">
              <Field label="Nazwa firmy" autoComplete="organization" {...field('company_name')} />
              <Field label="NIP" inputMode="numeric" placeholder="0000000000" {...field('nip')} />
            </div>
            <TextAreaField label="Opis firmy" description="Kilka zdań o firmie, widocznych na Twoim profilu." {...field('description')} />
          </fieldset>
        )}
        <div className="mt-2 flex justify-end">
          <SubmitButton pending={pending} pendingLabel="Zapisywanie…" className="w-full sm:w-auto">
            Zapisz zmiany
          </SubmitButton>
        </div>
      </form>
    </SettingsSection>
  )
}
