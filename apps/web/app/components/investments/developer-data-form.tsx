import { useState, type FormEvent } from 'react'
import type { DisclosureStatus } from '@portal/contracts/investments'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { InputBox } from '~/components/offer-form/fields'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { serverFieldErrors, type FieldErrors } from '~/lib/form-errors'
import { useToast } from '~/lib/toast'

type Address = NonNullable<DisclosureStatus['data']['head_office']>
const ADDRESS_FIELDS: { key: keyof Address; label: string }[] = [
  { key: 'voivodeship', label: 'Województwo' }, { key: 'county', label: 'Powiat' }, { key: 'commune', label: 'Gmina' },
  { key: 'city', label: 'Miejscowość' }, { key: 'street', label: 'Ulica' }, { key: 'number', label: 'Nr nieruchomości' },
  { key: 'unit', label: 'Nr lokalu' }, { key: 'zip', label: 'Kod pocztowy' },
]
const TEXT_FIELDS = [
  { key: 'legal_form', label: 'Forma prawna (np. spółka z o.o.)' }, { key: 'krs', label: 'Nr KRS' }, { key: 'ceidg', label: 'Nr wpisu do CEiDG' },
  { key: 'regon', label: 'REGON' }, { key: 'fax', label: 'Fax' }, { key: 'website', label: 'Strona WWW' },
  { key: 'other_sales_places', label: 'Inne miejsca sprzedaży' }, { key: 'contact_method', label: 'Sposób kontaktu nabywcy z deweloperem' },
] as const
type TextKey = (typeof TEXT_FIELDS)[number]['key']

const emptyAddress = (): Address => ({ voivodeship: '', county: '', commune: '', city: '', street: '', number: '', unit: '', zip: '' })

/** The developer's data the open-data file needs besides the account (seat, sales office, registers). */
export function DeveloperDataForm({ data, onSaved }: { data: DisclosureStatus['data']; onSaved: () => void }) {
  const toast = useToast()
  const [text, setText] = useState<Record<TextKey, string>>(() => Object.fromEntries(TEXT_FIELDS.map((f) => [f.key, data[f.key] ?? ''])) as Record<TextKey, string>)
  const [head, setHead] = useState<Address>(() => ({ ...emptyAddress(), ...stripNull(data.head_office) }))
  const [sales, setSales] = useState<Address>(() => ({ ...emptyAddress(), ...stripNull(data.sales_office) }))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [pending, setPending] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    setPending(true)
    try {
      await api.put('/api/user/price-disclosure', { ...nulls(text), head_office: nulls(head), sales_office: nulls(sales) }, { silent: true })
      setErrors({})
      toast.success('Zapisano dane dewelopera.')
      onSaved()
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setErrors(serverFieldErrors(err.fieldErrors))
      else toast.error(err instanceof ApiError && err.status < 500 ? err.message : CLIENT_MESSAGES.serverError)
    } finally {
      setPending(false)
    }
  }

  const address = (title: string, prefix: string, v: Address, set: (a: Address) => void) => (
    <fieldset className="mt-4">
      <legend className="font-semibold text-slate-900">{title}</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {ADDRESS_FIELDS.map((f) => (
          <InputBox key={f.key} label={f.label} name={`${prefix}.${f.key}`} value={v[f.key] ?? ''} error={errors[`${prefix}.${f.key}`]}
            onChange={(x) => set({ ...v, [f.key]: x })} />
        ))}
      </div>
    </fieldset>
  )

  return (
    <form onSubmit={submit} noValidate aria-label="Dane dewelopera do pliku">
      <div className="grid gap-3 sm:grid-cols-2">
        {TEXT_FIELDS.map((f) => (
          <InputBox key={f.key} label={f.label} name={f.key} value={text[f.key]} error={errors[f.key]} onChange={(x) => setText((t) => ({ ...t, [f.key]: x }))} />
        ))}
      </div>
      {address('Adres siedziby', 'head_office', head, setHead)}
      {address('Adres lokalu, w którym prowadzona jest sprzedaż', 'sales_office', sales, setSales)}
      <button type="submit" disabled={pending} className="mt-5 inline-flex min-h-12 items-center rounded-full bg-accent-600 px-6 text-[15px] font-semibold text-white shadow-sm hover:bg-accent-700 disabled:opacity-60">
        {pending ? 'Zapisuję…' : 'Zapisz dane'}
      </button>
    </form>
  )
}

/** Empty fields are sent as null: the file shows them as missing, not as filled with nothing. */
function nulls<T extends Record<string, string | null | undefined>>(o: T): Record<keyof T, string | null> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v?.trim() ? v.trim() : null])) as Record<keyof T, string | null>
}

function stripNull(a: Address | null | undefined): Partial<Address> {
  if (!a) return {}
  return Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v ?? ''])) as Partial<Address>
}
