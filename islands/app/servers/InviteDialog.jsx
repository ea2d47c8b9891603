// 'Пригласить людей': the server's invite link with a copy button, for every member (each may
// invite). The link opens the invite page (/invite/<code>), which works for anyone, signed in or
// not; a private server is joined only this way. The owner draws a new link in the settings.
import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import { useEffect, useRef, useState } from 'react';
import Modal from '../ui/Modal.jsx';
import { copyInviteLink, inviteLink } from './inviteLink.js';
import { t } from '../../lib/i18n.js';

const COPIED_MS = 2000;

export default function InviteDialog({ server, onClose }) {
  const [copied, setCopied] = useState(false);
  const field = useRef(null);
  const link = inviteLink(server.inviteCode);
  useEffect(() => field.current?.select(), []); // after the Modal opened its dialog: ready to copy by keyboard
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    setCopied(await copyInviteLink(server.inviteCode));
  }

  return (
    <Modal title={t('Пригласить людей')} labelledBy="invite-dialog-title" onClose={onClose}
      subtitle={t('на сервер «{name}»', { name: server.name })} className="invite-dialog">
      <div className="field">
        <label className="field__label" htmlFor="invite-link">{t('Ссылка-приглашение')}</label>
        <div className="invite-link">
          <input ref={field} id="invite-link" className="field__input field__input--mono" value={link} readOnly
            aria-describedby="invite-link-hint" onFocus={(event) => event.target.select()} />
          <button type="button" className="btn btn-primary" onClick={copy}>
            {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
            {copied ? t('Скопировано') : t('Копировать')}
          </button>
        </div>
        <p className="field__hint" id="invite-link-hint">
          {server.isPublic
            ? t('Отправьте ссылку друзьям: по ней они сразу попадут на сервер.')
            : t('Сервер приватный: присоединиться к нему можно только по этой ссылке.')}
          {' '}
          {t('Ссылка действует, пока владелец не создаст новую в настройках сервера.')}
        </p>
      </div>
    </Modal>
  );
}
