// The invite tab of the join modal: an invite link (or its bare code: the link's last path
// segment). Once it reads as a code, the server it opens shows under it (GET /api/invites/{code});
// joining opens the server in its first text channel.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from '../../lib/toast.js';
import { apiGet } from '../data/queries.js';
import { post } from '../../lib/api.js';
import { afterJoin, JOINED } from '../data/useJoinServer.js';
import { useDebounced } from '../ui/useDebounced.js';
import { inviteLink } from './inviteLink.js';
import InvitePreview from './InvitePreview.jsx';
import { openServer } from './landing.js';
import { inviteCodeFrom, inviteProblem } from './validation.js';
import { t } from '../../lib/i18n.js';

const INVALID = t('Неверный код приглашения или сервер недоступен');
const EXAMPLE = 'AbC123xyz';

export default function InviteCodeForm({ onJoined }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const [error, setError] = useState(null);
  const input = useRef(null);
  const settled = inviteCodeFrom(useDebounced(value, 400));
  const preview = useQuery({
    queryKey: ['invite', settled],
    queryFn: () => apiGet(`/api/invites/${encodeURIComponent(settled)}`),
    enabled: !inviteProblem(settled),
    staleTime: 30_000,
    retry: false,
  });

  const join = useMutation({
    mutationFn: (code) => post(`/api/servers/join/${encodeURIComponent(code)}`),
    onSuccess: (data) => {
      toast.success(JOINED);
      afterJoin(queryClient, data?.server);
      onJoined();
      return data?.server ? openServer(queryClient, data.server.id) : undefined;
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

  const shown = !error && !inviteProblem(settled) && settled === inviteCodeFrom(value) ? preview : null;
  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor="invite-code">{t('Ссылка-приглашение или код')}</label>
        <input ref={input} id="invite-code" className="field__input field__input--mono" value={value}
          placeholder={inviteLink(EXAMPLE)} autoComplete="off" spellCheck={false}
          aria-invalid={error ? 'true' : undefined} aria-describedby={error ? 'invite-code-error' : 'invite-code-hint'}
          onChange={(event) => { setValue(event.target.value); setError(null); }} />
        {error
          ? <p className="field__error" id="invite-code-error" role="alert">{error}</p>
          : (
            <p className="field__hint" id="invite-code-hint">
              {t('Ссылки-приглашения выглядят так: {example}. Попросите её у участника сервера.',
                { example: inviteLink(EXAMPLE) })}
            </p>
          )}
      </div>
      {shown && <InvitePreview query={shown} />}
      <button type="submit" className="btn btn-primary btn-block"
        disabled={join.isPending || !value.trim() || shown?.data?.invite?.state === 'banned'}>
        {join.isPending ? t('Подключение...')
          : shown?.data?.invite?.state === 'member' ? t('Открыть сервер') : t('Присоединиться')}
      </button>
    </form>
  );
}
