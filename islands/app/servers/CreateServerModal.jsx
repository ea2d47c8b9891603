// 'Создать сервер' (spec "Create-server modal"): template, name, description, icon, privacy.
// Sent as multipart/form-data to POST /api/servers.
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.js';
import { post } from '../../lib/api.js';
import { keys } from '../data/queries.js';
import Modal from '../ui/Modal.jsx';
import IconDrop from './IconDrop.jsx';
import PrivacyChoice from './PrivacyChoice.jsx';
import TemplatePicker from './TemplatePicker.jsx';
import { openServer } from './landing.js';
import { descriptionProblem, nameProblem } from './validation.js';
import { t } from '../../lib/i18n.js';

const FIELDS = ['name', 'description', 'icon', 'template', 'isPublic'];

function formData({ name, description, template, isPublic, icon }) {
  const form = new FormData();
  form.append('name', name.trim());
  form.append('description', description.trim());
  form.append('template', template);
  form.append('isPublic', isPublic ? 'true' : 'false');
  if (icon) form.append('icon', icon);
  return form;
}

export default function CreateServerModal({ onClose }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ template: 'gaming', name: '', description: '', isPublic: true, icon: null });
  const [errors, setErrors] = useState({});
  const nameInput = useRef(null);
  useEffect(() => nameInput.current?.focus(), []); // after the Modal opened its dialog

  const create = useMutation({
    mutationFn: (draft) => post('/api/servers', formData(draft)),
    onSuccess: (data) => {
      toast.success(t('Сервер успешно создан!'));
      queryClient.invalidateQueries({ queryKey: keys.servers() });
      const server = data?.server;
      if (!server) {
        onClose();
        return undefined;
      }
      queryClient.setQueryData(keys.server(server.id), { server });
      return openServer(queryClient, server.id, { replace: true }); // its first text channel (pending until then)
    },
    onError: (error) => {
      const fieldErrors = Object.fromEntries(
        Object.entries(error.errors || {}).filter(([field]) => FIELDS.includes(field)));
      if (Object.keys(fieldErrors).length) {
        setErrors(fieldErrors);
        return;
      }
      toast.error(t('Ошибка создания сервера'), { description: error.message || t('Не удалось создать сервер') });
    },
  });

  const set = (field, value) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field !== 'icon') setErrors((current) => ({ ...current, [field]: null }));
  };

  function submit(event) {
    event.preventDefault();
    const problems = { name: nameProblem(values.name), description: descriptionProblem(values.description),
      icon: errors.icon };
    setErrors(problems);
    const first = ['name', 'description', 'icon'].find((field) => problems[field]);
    if (first) document.getElementById({ name: 'server-name', description: 'server-description' }[first])?.focus();
    if (!problems.name && !problems.description && !problems.icon) create.mutate(values);
  }

  const pending = create.isPending;
  const descriptionLength = values.description.trim().length;
  return (
    <Modal size="md" title={t('Создать сервер')} labelledBy="create-server-title" onClose={onClose}
      subtitle={t('Сервер — место, где вы и ваши друзья общаетесь в каналах.')}
      footer={(
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>{t('Отмена')}</button>
          <button type="submit" form="create-server-form" className="btn btn-primary"
            disabled={pending || !values.name.trim()}>
            {pending ? t('Создание...') : t('Создать')}
          </button>
        </>
      )}>
      <form id="create-server-form" className="form create-server" onSubmit={submit} noValidate>
        <TemplatePicker value={values.template} onChange={(id) => set('template', id)} disabled={pending} />
        {errors.template && <p className="field__error" role="alert">{errors.template}</p>}
        <div className={`field${errors.name ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor="server-name">{t('Название сервера')}</label>
          <input ref={nameInput} id="server-name" name="name" className="field__input" value={values.name}
            maxLength={120} autoComplete="off" placeholder={t('Например, Ночные рейды')} disabled={pending}
            aria-invalid={errors.name ? 'true' : undefined}
            aria-describedby={errors.name ? 'server-name-error' : undefined}
            onChange={(event) => set('name', event.target.value)} />
          {errors.name && <p className="field__error" id="server-name-error" role="alert">{errors.name}</p>}
        </div>
        <div className={`field${errors.description ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor="server-description">
            {t('Описание')} <span className="field__optional">{t('необязательно')}</span>
          </label>
          <textarea id="server-description" name="description" className="field__input field__textarea" rows={3}
            value={values.description} placeholder={t('Расскажите, чем живёт сообщество')} disabled={pending}
            aria-invalid={errors.description ? 'true' : undefined}
            aria-describedby="server-description-count"
            onChange={(event) => set('description', event.target.value)} />
          <div className="field__meta">
            {errors.description
              ? <p className="field__error" role="alert">{errors.description}</p>
              : <span />}
            <span id="server-description-count"
              className={`field__counter${descriptionLength > 500 ? ' is-over' : ''}`}>{descriptionLength}/500</span>
          </div>
        </div>
        <IconDrop file={values.icon} onChange={(file) => set('icon', file)} error={errors.icon}
          onError={(message) => setErrors((current) => ({ ...current, icon: message }))} disabled={pending} />
        <PrivacyChoice value={values.isPublic} onChange={(isPublic) => set('isPublic', isPublic)} disabled={pending} />
      </form>
    </Modal>
  );
}
