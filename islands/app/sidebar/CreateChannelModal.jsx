// Create a channel of the list's type (owners and moderators): POST /api/servers/{id}/channels.
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.js';
import { post } from '../../lib/api.js';
import { keys } from '../data/queries.js';
import { channelPath, navigate } from '../router.js';
import ChannelIcon from '../ui/ChannelIcon.jsx';
import Modal from '../ui/Modal.jsx';
import { CHANNEL_NAME_RULE, channelNameProblem as nameProblem } from './channelName.js';
import { t } from '../../lib/i18n.js';

export default function CreateChannelModal({ serverId, type, onClose }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState(null);
  const input = useRef(null);
  const voice = type === 'VOICE';
  useEffect(() => input.current?.focus(), []); // after the Modal opened its dialog
  const create = useMutation({
    mutationFn: (channelName) => post(`/api/servers/${serverId}/channels`, { name: channelName, type }),
    onSuccess: (data) => {
      queryClient.invalidateQueries({ queryKey: keys.channels(serverId) });
      queryClient.invalidateQueries({ queryKey: keys.server(serverId) });
      toast.success(t('Канал создан'));
      onClose();
      if (data?.channel) navigate(channelPath(serverId, data.channel.id));
    },
    onError: (failure) => setError(failure.errors?.name || failure.message || t('Не удалось создать канал')),
  });

  function submit(event) {
    event.preventDefault();
    const trimmed = name.trim();
    const problem = nameProblem(trimmed);
    setError(problem);
    if (!problem) create.mutate(trimmed);
  }

  return (
    <Modal size="sm" title={voice ? t('Новый голосовой канал') : t('Новый текстовый канал')} onClose={onClose}
      labelledBy="create-channel-title"
      footer={(
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>{t('Отмена')}</button>
          <button type="submit" form="create-channel-form" className="btn btn-primary"
            disabled={create.isPending || !name.trim()}>
            {create.isPending ? t('Создание...') : t('Создать')}
          </button>
        </>
      )}>
      <form id="create-channel-form" className="form" onSubmit={submit} noValidate>
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor="channel-name">{t('Название канала')}</label>
          <div className="input-with-icon">
            <ChannelIcon type={type} size={18} className="input-with-icon__icon" />
            <input id="channel-name" className="field__input" value={name} maxLength={120} ref={input}
              placeholder={voice ? t('голосовой') : t('новый-канал')} autoComplete="off"
              aria-invalid={error ? 'true' : undefined} aria-describedby={error ? 'channel-name-error' : 'channel-name-rule'}
              onChange={(event) => { setName(event.target.value); setError(null); }} />
          </div>
          {error
            ? <p className="field__error" id="channel-name-error" role="alert">{error}</p>
            : <p className="field__hint" id="channel-name-rule">{CHANNEL_NAME_RULE}</p>}
        </div>
      </form>
    </Modal>
  );
}
