// The server's invite link (its page, /invite/<code>): copy it, and (owner only) draw a new one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Copy from 'lucide-react/icons/copy';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { toast } from '../../lib/toast.js';
import { post } from '../../lib/api.js';
import { copyInviteLink, inviteLink } from '../servers/inviteLink.js';
import { t } from '../../lib/i18n.js';

/** Puts the new code into the cached server, whichever shape the cache holds. */
function withCode(data, inviteCode) {
  if (!data) return data;
  return data.server ? { ...data, server: { ...data.server, inviteCode } } : { ...data, inviteCode };
}

export default function InviteBlock({ serverId, inviteCode, canRegenerate }) {
  const queryClient = useQueryClient();
  const regenerate = useMutation({
    mutationFn: () => post(`/api/servers/${serverId}/invite`),
    onSuccess: (data) => {
      queryClient.setQueryData(['server', serverId], (old) => withCode(old, data?.inviteCode));
      queryClient.invalidateQueries({ queryKey: ['audit', serverId] });
      toast.success(t('Новая ссылка-приглашение создана'));
    },
    onError: (error) => toast.error(t('Не удалось создать новую ссылку'), { description: error?.message }),
  });

  return (
    <section className="settings-section" aria-labelledby="settings-invite-title">
      <h3 className="settings-section__title" id="settings-invite-title">{t('Приглашения')}</h3>
      <p className="settings-section__text">
        {t('Поделитесь ссылкой: по ней к серверу можно присоединиться, даже если он не публичный.')}
      </p>
      <div className="settings-invite">
        <code className="settings-invite__value" data-testid="invite-link">{inviteLink(inviteCode)}</code>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => copyInviteLink(inviteCode)}>
          <Copy size={16} aria-hidden="true" />
          {t('Копировать')}
        </button>
      </div>
      {canRegenerate && (
        <div className="settings-invite__renew">
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => regenerate.mutate()}
            disabled={regenerate.isPending}>
            <RefreshCw size={16} aria-hidden="true" className={regenerate.isPending ? 'is-spinning' : undefined} />
            {t('Создать новую ссылку')}
          </button>
          <p className="field__hint">{t('Старая ссылка сразу перестанет работать.')}</p>
        </div>
      )}
    </section>
  );
}
