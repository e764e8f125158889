import { AVATAR_MAX_BYTES, USER_MESSAGES } from '@portal/contracts/user'
import { useEffect, useState } from 'react'
import { Button, FileTrigger } from 'react-aria-components'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { useAuth } from '~/lib/auth'
import { useToast } from '~/lib/toast'
import type { Profile } from '~/lib/user'
import { buttonStyles, Spinner } from '../form'
import { CameraIcon } from '../icons'
import { UserAvatar } from '../user-avatar'
import { SettingsSection } from './section'

const ACCEPT = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/heic', 'image/heif', '.heic', '.heif']
/** Some systems give HEIC files no MIME type; the server checks the content anyway. */
const isHeicName = (name: string) => /\.hei[cf]$/i.test(name)

/** Avatar: pick a photo, see it at once (object URL), upload it (POST /api/user/avatar), or remove it. */
export function AvatarSection({ user }: { user: Profile }) {
  const auth = useAuth()
  const toast = useToast()
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState<'upload' | 'delete' | null>(null)

  // The preview URL holds the file in memory until it is revoked.
  useEffect(() => {
    if (!file) return setPreview(null)
    const url = URL.createObjectURL(file)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [file])

  function choose(files: FileList | null) {
    const f = files?.[0]
    if (!f) return
    if (!f.type.startsWith('image/') && !isHeicName(f.name)) return setError(USER_MESSAGES.avatarNotImage)
    if (f.size > AVATAR_MAX_BYTES) return setError(USER_MESSAGES.avatarTooLarge)
    setError(null)
    setFile(f)
  }

  async function upload() {
    if (!file) return
    const form = new FormData()
    form.append('avatar_type', 'avatar')
    form.append('file', file)
    setPending('upload')
    try {
      auth.update(await api.post<Profile>('/api/user/avatar', form))
      setFile(null)
      toast.success('Zdjęcie profilowe zostało zapisane')
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setError(err.fieldErrors.file?.[0] ?? err.message)
      else if (err instanceof ApiError && !err.handled) setError(err.message)
    } finally {
      setPending(null)
    }
  }

  async function remove() {
    setPending('delete')
    try {
      auth.update(await api.delete<Profile>('/api/user/avatar?avatar_type=avatar'))
      toast.success('Zdjęcie profilowe zostało usunięte')
    } catch (err) {
      if (err instanceof ApiError && !err.handled) setError(err.message)
    } finally {
      setPending(null)
    }
  }

  return (
    <SettingsSection title="Zdjęcie profilowe" description="JPG, PNG, WebP, GIF, AVIF lub HEIC, do 5 MB. Najlepiej kwadratowe.">
      <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-center">
        <div className="relative">
          {preview ? (
            <img
              src={preview}
              alt="Podgląd nowego zdjęcia profilowego"
              width={112}
              height={112}
              className="size-28 rounded-full object-cover ring-4 ring-accent-100"
            />
          ) : user.avatar ? (
            <img src={user.avatar} alt="Twoje zdjęcie profilowe" width={112} height={112} className="size-28 rounded-full bg-slate-100 object-cover" />
          ) : (
            <UserAvatar user={user} size={112} />
          )}
        </div>
        <div className="flex w-full flex-col gap-3 sm:w-auto">
          {file ? (
            <>
              <p className="text-sm text-slate-600" aria-live="polite">
                Podgląd: <span className="font-medium text-slate-800">{file.name}</span>
              </p>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Button onPress={upload} isPending={pending === 'upload'} className={buttonStyles.primary}>
                  {pending === 'upload' && <Spinner />}
                  Zapisz zdjęcie
                </Button>
                <Button onPress={() => setFile(null)} isDisabled={!!pending} className={buttonStyles.secondary}>
                  Anuluj
                </Button>
              </div>
            </>
          ) : (
            <div className="flex flex-col gap-2 sm:flex-row">
              <FileTrigger acceptedFileTypes={ACCEPT} onSelect={choose}>
                <Button className={buttonStyles.secondary}>
                  <CameraIcon size={18} />
                  {user.avatar ? 'Zmień zdjęcie' : 'Wybierz zdjęcie'}
                </Button>
              </FileTrigger>
              {user.avatar && (
                <Button onPress={remove} isPending={pending === 'delete'} className={buttonStyles.ghost}>
                  {pending === 'delete' && <Spinner />}
                  Usuń zdjęcie
                </Button>
              )}
            </div>
          )}
          {error && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          )}
        </div>
      </div>
    </SettingsSection>
  )
}
