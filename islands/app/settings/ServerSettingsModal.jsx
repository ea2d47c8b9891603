// Server settings (spec "Server settings", §4 loading → ready → saving, §5, §8): name,
// description, the public toggle and a new icon are saved with PATCH /api/servers/{id} (JSON, or
// multipart when an icon comes along, as in the create-server dialog); the invite code and
// statistics are real; roles are the spec's inert placeholder; the owner transfers or deletes the
// server in the danger zone.
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.js';
import { request } from '../../lib/api.js';
import IconDrop from '../servers/IconDrop.jsx';
import Modal from '../ui/Modal.jsx';
import InviteBlock from './InviteBlock.jsx';
import LoadFailed from './LoadFailed.jsx';
import { DangerZone, RolesBlock, SettingsSkeleton, StatsBlock } from './SettingsBlocks.jsx';
import { asServer, asUser, isOwnerOf, meQuery, serverQuery } from './queries.js';
import { DESCRIPTION_MAX, checkSettings } from './validation.js';
import { t } from '../../lib/i18n.js';

const FORM_ID = 'server-settings-form';

function formFrom(server) {
  return { name: server.name ?? '', description: server.description ?? '', isPublic: Boolean(server.isPublic), icon: null };
}

/** The PATCH body: JSON, or the same fields as a multipart form with the new icon file. */
function changes({ name, description, isPublic, icon }) {
  const fields = { name: name.trim(), description: description.trim(), isPublic };
  if (!icon) return fields;
  const form = new FormData();
  Object.entries(fields).forEach(([field, value]) => form.append(field, String(value)));
  form.append('icon', icon);
  return form;
}

/** The saved server into the cache, in the shape the cache already holds. */
function withServer(old, server) {
  if (!server) return old;
  return old && !old.server ? server : { ...old, server };
}

export default function ServerSettingsModal({ serverId, onClose }) {
  const queryClient = useQueryClient();
  const serverState = useQuery(serverQuery(serverId));
  const meState = useQuery(meQuery);
  const server = serverState.data ? asServer(serverState.data) : null;
  const owner = isOwnerOf(server, asUser(meState.data));

  const [form, setForm] = useState(() => (server ? formFrom(server) : null));
  const [errors, setErrors] = useState({});
  const nameInput = useRef(null);
  const descriptionInput = useRef(null);

  // The form starts from the first answer only: a background refetch must not wipe an edit.
  useEffect(() => {
    if (server && form === null) setForm(formFrom(server));
  }, [server, form]);

  const save = useMutation({
    mutationFn: (body) => request(`/api/servers/${serverId}`, { method: 'PATCH', body }),
    onSuccess: (data) => {
      queryClient.setQueryData(['server', serverId], (old) => withServer(old, data?.server));
      queryClient.invalidateQueries({ queryKey: ['server', serverId] });
      queryClient.invalidateQueries({ queryKey: ['servers'] });
      queryClient.invalidateQueries({ queryKey: ['audit', serverId] });
      toast.success(t('Настройки сервера сохранены'));
      onClose();
    },
    onError: (error) => {
      const fieldErrors = error?.errors && typeof error.errors === 'object' ? error.errors : {};
      setErrors(fieldErrors);
      toast.error(t('Не удалось сохранить настройки'), { description: error?.message || undefined });
    },
  });

  function change(field, value) {
    setForm((old) => ({ ...old, [field]: value }));
    setErrors((old) => (old[field] ? { ...old, [field]: undefined } : old));
  }

  function submit(event) {
    event.preventDefault();
    if (!owner || save.isPending) return;
    const problems = checkSettings(form);
    setErrors((old) => ({ ...problems, icon: old.icon })); // the icon was checked as it was picked
    if (problems.name) nameInput.current?.focus();
    else if (problems.description) descriptionInput.current?.focus();
    if (Object.keys(problems).length || errors.icon) return;
    save.mutate(changes(form));
  }

  const loading = serverState.isPending || (server && !form);
  const footer = (
    <>
      <button type="button" className="btn btn-ghost" onClick={onClose}>{t('Отмена')}</button>
      <button type="submit" form={FORM_ID} className="btn btn-primary"
        disabled={loading || save.isPending || !server || !owner}>
        {save.isPending ? t('Сохранение...') : t('Сохранить изменения')}
      </button>
    </>
  );

  return (
    <Modal title={t('Настройки сервера')} subtitle={server?.name} size="lg" onClose={onClose} footer={footer}>
      {serverState.isError && !server ? (
        <LoadFailed text={t('Не удалось загрузить данные сервера')} error={serverState.error}
          onRetry={() => serverState.refetch()} />
      ) : loading ? (
        <SettingsSkeleton />
      ) : (
        <form id={FORM_ID} className="settings" onSubmit={submit} noValidate aria-busy={save.isPending}>
          {!owner && (
            <p className="notice settings__readonly">{t('Изменять настройки может только владелец сервера.')}</p>
          )}
          <div className="settings__layout">
            <div className="settings__main">
              <section className="settings-section" aria-labelledby="settings-general-title">
                <h3 className="settings-section__title" id="settings-general-title">{t('Основное')}</h3>
                <IconDrop file={form.icon} current={server.iconUrl ?? null} disabled={!owner || save.isPending}
                  onChange={(file) => change('icon', file)} error={errors.icon}
                  onError={(message) => setErrors((old) => ({ ...old, icon: message || undefined }))} />
                <div className={`field${errors.name ? ' field--invalid' : ''}`}>
                  <label className="field__label" htmlFor="server-name">{t('Название сервера')}</label>
                  <input className="field__input" id="server-name" name="name" ref={nameInput}
                    value={form.name} onChange={(event) => change('name', event.target.value)}
                    readOnly={!owner} maxLength={120} autoComplete="off"
                    aria-invalid={errors.name ? 'true' : undefined}
                    aria-describedby={errors.name ? 'server-name-error' : undefined} />
                  {errors.name && <p className="field__error" id="server-name-error" role="alert">{errors.name}</p>}
                </div>
                <div className={`field${errors.description ? ' field--invalid' : ''}`}>
                  <div className="settings__label-row">
                    <label className="field__label" htmlFor="server-description">{t('Описание')}</label>
                    <span className={`settings__counter${form.description.trim().length > DESCRIPTION_MAX ? ' is-over' : ''}`}
                      aria-hidden="true">{form.description.trim().length}/{DESCRIPTION_MAX}</span>
                  </div>
                  <textarea className="field__input settings__textarea" id="server-description" name="description"
                    ref={descriptionInput} rows={3} value={form.description} readOnly={!owner}
                    placeholder={owner ? t('Расскажите, чем живёт ваше сообщество') : undefined}
                    onChange={(event) => change('description', event.target.value)}
                    aria-invalid={errors.description ? 'true' : undefined}
                    aria-describedby={errors.description ? 'server-description-error' : undefined} />
                  {errors.description && (
                    <p className="field__error" id="server-description-error" role="alert">{errors.description}</p>
                  )}
                </div>
                <div className="settings-switch-row">
                  <div className="settings-switch-row__text">
                    <label className="settings-switch-row__label" htmlFor="server-public">{t('Публичный сервер')}</label>
                    <p className="field__hint" id="server-public-hint">
                      {t('Другие пользователи смогут найти сервер в каталоге и присоединиться к нему.')}
                    </p>
                  </div>
                  <input type="checkbox" role="switch" className="settings-switch" id="server-public" name="isPublic"
                    checked={form.isPublic} disabled={!owner} aria-describedby="server-public-hint"
                    onChange={(event) => change('isPublic', event.target.checked)} />
                </div>
              </section>
              {server.inviteCode && (
                <InviteBlock serverId={serverId} inviteCode={server.inviteCode} canRegenerate={owner} />
              )}
              <RolesBlock />
            </div>
            <aside className="settings__aside">
              <StatsBlock server={server} />
            </aside>
          </div>
          {owner && <DangerZone serverId={serverId} server={server} onClose={onClose} />}
        </form>
      )}
    </Modal>
  );
}
