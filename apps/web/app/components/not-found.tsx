import { useEffect } from 'react'
import { Link } from 'react-router'

/** The 404 screen (spec §2 texts, kept in English as given, with a Polish line for everyone else). */
export function NotFound() {
  return (
    <section className="container-page flex flex-col items-center py-20 text-center sm:py-28">
      <p className="text-7xl font-extrabold tracking-tight text-accent-600 sm:text-8xl" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">This page could not be found</h1>
      <p className="mt-2 text-slate-600">Nie znaleźliśmy tej strony. Mogła zostać usunięta albo adres jest błędny.</p>
      <Link
        to="/"
        className="mt-8 inline-flex h-11 items-center rounded-full bg-accent-600 px-6 font-semibold text-white hover:bg-accent-700"
      >
        click to return to the main page
      </Link>
    </section>
  )
}

/**
 * A page that could not be opened for want of its code or data: offline (it opens by itself when the connection is
 * back: the address is already the page's), or its code failed to load online (a deploy in progress).
 */
function LoadFailed({ offline }: { offline: boolean }) {
  useEffect(() => {
    if (!offline) return
    const again = () => window.location.reload()
    window.addEventListener('online', again)
    return () => window.removeEventListener('online', again)
  }, [offline])
  return (
    <section className="container-page flex flex-col items-center py-20 text-center sm:py-28">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{offline ? 'Jesteś offline' : 'Nie udało się wczytać strony'}</h1>
      <p className="mt-2 max-w-md text-slate-600">
        {offline
          ? 'Tej strony nie da się otworzyć bez połączenia z internetem. Otworzy się sama, gdy wrócisz do sieci.'
          : 'Sprawdź połączenie z internetem i spróbuj ponownie za chwilę.'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="inline-flex h-11 cursor-pointer items-center rounded-full bg-accent-600 px-6 font-semibold text-white hover:bg-accent-700"
        >
          Spróbuj ponownie
        </button>
        <Link
          to="/"
          reloadDocument
          className="inline-flex h-11 items-center rounded-full border border-slate-300 bg-white px-6 font-semibold text-slate-800 hover:border-slate-400"
        >
          Wróć na stronę główną
        </Link>
      </div>
    </section>
  )
}

export function ErrorScreen({ status, detail, loadFailed }: { status?: number; detail?: string; loadFailed?: 'offline' | 'online' }) {
  if (loadFailed) return <LoadFailed offline={loadFailed === 'offline'} />
  return (
    <section className="container-page flex flex-col items-center py-20 text-center sm:py-28">
      {status === 503 ? (
        // The database or the API is away for a moment (a restart): nothing is lost, the page comes back by itself.
        <>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Serwis chwilowo niedostępny</h1>
          <p className="mt-2 max-w-md text-slate-600">Trwają prace techniczne. Odśwież stronę za kilka sekund.</p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Wystąpił błąd</h1>
          <p className="mt-2 max-w-md text-slate-600">
            Podczas wyświetlania tej strony wystąpił błąd{status ? ` (${status})` : ''}. Spróbuj ponownie za chwilę.
          </p>
        </>
      )}
      {detail && (
        <pre className="mt-6 max-w-full overflow-auto rounded-lg bg-slate-100 p-4 text-left text-xs text-slate-700">{detail}</pre>
      )}
      <Link
        to="/"
        reloadDocument
        className="mt-8 inline-flex h-11 items-center rounded-full bg-accent-600 px-6 font-semibold text-white hover:bg-accent-700"
      >
        Wróć na stronę główną
      </Link>
    </section>
  )
}
