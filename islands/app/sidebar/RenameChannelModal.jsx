// Rename a channel or change its description (owners and moderators): PATCH
// /api/servers/{id}/channels/{channelId}. The same rules as creating one (CreateChannelModal.jsx).
import { useEffect, useRef, useState } from 'react';
import { request } from '../../lib/api.js';
import { toast } from '../../lib/toast.js';
import ChannelIcon from '../ui/ChannelIcon.jsx';
import Modal from '../ui/Modal.jsx';
import { putChannel } from './channelCache.js';
import { CHANNEL_NAME_RULE, channelNameProblem as nameProblem } from './channelName.js';
import { t } from '../../lib/i18n.js';

export default function RenameChannelModal({ queryClient, channel, onClose }) {
  const [name, setName] = useState(channel.name);
  const [description, setDescription] = useState(channel.description ?? '');
  const [errors, setErrors] = useState({});
  const [saving, setSaving] = useState(false);
  const input = useRef(null);
  useEffect(() => input.current?.select(), []); // after the Modal opened its dialog

  async function submit(event) {
    event.preventDefault();
    const trimmed = name.trim();
    const problem = nameProblem(trimmed);
    setErrors(problem ? { name: problem } : {});
    if (problem) return;
    setSaving(true);
    try {
      const data = await request(`/api/servers/${channel.serverId}/channels/${channel.id}`,
        { method: 'PATCH', body: { name: trimmed, description: description.trim() } });
      putChannel(queryClient, data.channel);
      toast.success(t('Канал изменён'));
      onClose();
    } catch (failure) {
      setSaving(false);
      setErrors(failure.errors ?? { name: failure.message || t('Не удалось изменить канал') });
    }
  }

  return (
    <Modal size="sm" title={t('Изменить канал')} onClose={onClose} labelledBy="rename-channel-title"
      footer={(
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>{t('Отмена')}</button>
          <button type="submit" form="rename-channel-form" className="btn btn-primary" disabled={saving || !name.trim()}>
            {saving ? t('Сохранение...') : t('Сохранить')}
          </button>
        </>
      )}>
      <form id="rename-channel-form" className="form" onSubmit={submit} noValidate>
        <div className={`field${errors.name ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor="rename-channel-name">{t('Название канала')}</label>
          <div className="input-with-icon">
            <ChannelIcon type={channel.type} size={18} className="input-with-icon__icon" />
            <input id="rename-channel-name" className="field__input" value={name} maxLength={120} ref={input}
              autoComplete="off" aria-invalid={errors.name ? 'true' : undefined}
              aria-describedby={errors.name ? 'rename-channel-name-error' : 'rename-channel-name-rule'}
              onChange={(event) => { setName(event.target.value); setErrors({}); }} />
          </div>
          {errors.name
            ? <p className="field__error" id="rename-channel-name-error" role="alert">{errors.name}</p>
            : <p className="field__hint" id="rename-channel-name-rule">{CHANNEL_NAME_RULE}</p>}
        </div>
        <div className={`field${errors.description ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor="rename-channel-description">{t('Описание')}</label>
          <input id="rename-channel-description" className="field__input" value={description} maxLength={500}
            autoComplete="off" aria-invalid={errors.description ? 'true' : undefined}
            onChange={(event) => { setDescription(event.target.value); setErrors({}); }} />
          {errors.description && <p className="field__error" role="alert">{errors.description}</p>}
        </div>
      </form>
    </Modal>
  );
}
