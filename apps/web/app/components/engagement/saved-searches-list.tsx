import { useState } from 'react'
import { Link, useNavigate, useRevalidator } from 'react-router'
import { Button, Switch } from 'react-aria-components'
import { countLabel } from '@portal/contracts/format'
import { PERIOD_LABELS, SAVED_SEARCH_MESSAGES, type SavedSearchPeriod } from '@portal/contracts/plain/saved-searches'
import type { SavedSearch } from '@portal/contracts/saved-searches'
import { ApiError } from '~/lib/api-client'
import { removeSearch, updateSearch } from '~/lib/saved-searches'
import { useToast } from '~/lib/toast'
import { BellIcon, SearchIcon } from '../icons'
import { buttonStyles } from '../form'
import { PeriodPicker } from './period-picker'

const NEW_FORMS = ['nowe ogłoszenie', 'nowe ogłoszenia', 'nowych ogłoszeń'] as const

/**
 * The 'Zapisane wyszukiwania' tab: name, readable parameters, e-mail switch, period, 'Pokaż wyniki', delete and the
 * number of new listings since the last visit. Changes show only after the API's 204 (spec §4).
 */
export function SavedSearchesList({ items }: { items: SavedSearch[] }) {
  const [list, setList] = useState(items)
  const [prevItems, setPrevItems] = useState(items)
  if (items !== prevItems) { setPrevItems(items); setList(items) }

  if (!list.length) {
    return (
      <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
        <BellIcon size={36} className="mx-auto text-accent-600" />
        <p className="mx-auto mt-3 max-w-lg text-slate-700">{SAVED_SEARCH_MESSAGES.empty}</p>
        <Link to="/szukaj" className="mt-5 inline-flex min-h-11 items-center gap-2 rounded-full bg-accent-600 px-5 font-semibold text-white hover:bg-accent-700">
          <SearchIcon size={18} /> Przeglądaj ogłoszenia
        </Link>
      </div>
    )
  }
  return (
    <ul aria-label={SAVED_SEARCH_MESSAGES.tab} className="mt-6 grid gap-4 lg:grid-cols-2">
      {list.map((s) => (
        <li key={s.id}>
          <SavedSearchCard
            item={s}
            onChange={(next) => setList((l) => l.map((x) => (x.id === s.id ? next : x)))}
            onRemoved={() => setList((l) => l.filter((x) => x.id !== s.id))}
          />
        </li>
      ))}
    </ul>
  )
}

function SavedSearchCard({ item, onChange, onRemoved }: { item: SavedSearch; onChange: (s: SavedSearch) => void; onRemoved: () => void }) {
  const toast = useToast()
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)

  async function change(patch: { status?: boolean; period?: SavedSearchPeriod }) {
    setBusy(true)
    try {
      if (await updateSearch(item.id, patch)) {
        onChange({
          ...item,
          ...(patch.status !== undefined ? { notification: patch.status, email_notifications: patch.status } : {}),
          ...(patch.period !== undefined ? { period: patch.period } : {}),
        })
        toast.success(SAVED_SEARCH_MESSAGES.updated)
      }
    } catch (err) {
      if (!(err instanceof ApiError && err.handled)) toast.error(SAVED_SEARCH_MESSAGES.failed)
    } finally {
      setBusy(false)
    }
  }

  async function remove() {
    setBusy(true)
    try {
      if (await removeSearch(item.id)) {
        onRemoved()
        toast.success(SAVED_SEARCH_MESSAGES.removed)
        void revalidator.revalidate()
      }
    } catch (err) {
      if (!(err instanceof ApiError && err.handled)) toast.error(SAVED_SEARCH_MESSAGES.failed)
    } finally {
      setBusy(false)
      setConfirming(false)
    }
  }

  async function show() {
    // The visit resets 'new since your last visit'; the results open either way.
    await updateSearch(item.id, { seen: true }).catch(() => false)
    navigate(item.url)
  }

  return (
    <article aria-label={item.name} className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-card">
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-lg leading-snug font-bold text-slate-900">{item.name}</h2>
        {item.new_count > 0 && (
          <span className="shrink-0 rounded-full bg-accent-600 px-2.5 py-1 text-xs font-bold text-white">
            {countLabel(item.new_count, NEW_FORMS)}
          </span>
        )}
      </div>
      {item.params.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Parametry">
          {item.params.map((p) => (
            <li key={p} className="rounded-full bg-slate-100 px-2.5 py-1 text-xs text-slate-700">{p}</li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex flex-col gap-3 border-t border-slate-100 pt-4">
        <Switch
          isSelected={item.notification}
          isDisabled={busy}
          onChange={(on) => void change({ status: on })}
          className="group flex min-h-11 cursor-pointer items-center gap-3 text-[15px] text-slate-800 outline-none"
        >
          <span aria-hidden="true" className="flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 p-0.5 transition-colors group-data-[selected]:bg-accent-600 group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-accent-600">
            <span className="size-5 rounded-full bg-white shadow transition-transform group-data-[selected]:translate-x-5" />
          </span>
          {SAVED_SEARCH_MESSAGES.emailToggle}
        </Switch>
        <PeriodPicker
          label={`${SAVED_SEARCH_MESSAGES.period}: ${PERIOD_LABELS[item.period as SavedSearchPeriod] ?? ''}`}
          value={item.period as SavedSearchPeriod}
          onChange={(p) => void change({ period: p })}
          isDisabled={busy || !item.notification}
          compact
        />
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-4">
        <Button onPress={() => void show()} className={buttonStyles.primary}>{SAVED_SEARCH_MESSAGES.showResults}</Button>
        {confirming ? (
          <>
            <Button onPress={() => void remove()} isPending={busy} className={buttonStyles.danger}>Tak, usuń</Button>
            <Button onPress={() => setConfirming(false)} className={buttonStyles.secondary}>Anuluj</Button>
          </>
        ) : (
          <Button onPress={() => setConfirming(true)} aria-label={`${SAVED_SEARCH_MESSAGES.remove}: ${item.name}`} className={buttonStyles.secondary}>
            {SAVED_SEARCH_MESSAGES.remove}
          </Button>
        )}
      </div>
    </article>
  )
}
