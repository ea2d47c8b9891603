// The invite tab of the join modal: a bare code or a whole link (its last path segment is the code).
import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.js';
import { post } from '../../lib/api.js';
import { afterJoin, JOINED } from '../data/useJoinServer.js';
import { navigate, serverPath } from '../router.js';
import { inviteCodeFrom, inviteProblem } from './validation.js';
import { t } from '../../lib/i18n.js';

const INVALID = t('Неверный код приглашения или сервер недоступен');

export default function InviteCodeForm({ onJoined }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const [error, setError] = useState(null);
  const input = useRef(null);

  const join = useMutation({
    mutationFn: (code) => post(`/api/servers/join/${encodeURIComponent(code)}`),
    onSuccess: (data) => {
      toast.success(JOINED);
      afterJoin(queryClient, data?.server);
      onJoined();
      if (data?.server) navigate(serverPath(data.server.id));
    },
    onError: (failure) => setError(failure.code === 'BANNED' ? failure.message : INVALID),
  });

  function submit(event) {
    event.preventDefault();
    const code = inviteCodeFrom(value);
    const problem = inviteProblem(code);
    setError(problem);
    if (problem) input.current?.focus();
    else join.mutate(code);
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor="invite-code">{t('Код приглашения или ссылка')}</label>
        <input ref={input} id="invite-code" className="field__input field__input--mono" value={value}
          placeholder={t('AbC123xyz или https://…/invite/AbC123xyz')} autoComplete="off" spellCheck={false}
          aria-invalid={error ? 'true' : undefined} aria-describedby={error ? 'invite-code-error' : 'invite-code-hint'}
          onChange={(event) => { setValue(event.target.value); setError(null); }} />
        {error
          ? <p className="field__error" id="invite-code-error" role="alert">{error}</p>
          : <p className="field__hint" id="invite-code-hint">{t('Код можно узнать у участника сервера.')}</p>}
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={join.isPending || !value.trim()}>
        {join.isPending ? t('Подключение...') : t('Присоединиться')}
      </button>
    </form>
  );
}
