// 'Присоединиться к серверу' (spec "Join-server modal"): browse public servers, or an invite.
import { useRef, useState } from 'react';
import Compass from 'lucide-react/icons/compass';
import Ticket from 'lucide-react/icons/ticket';
import Modal from '../ui/Modal.jsx';
import InviteCodeForm from './InviteCodeForm.jsx';
import PublicBrowse from './PublicBrowse.jsx';
import { t } from '../../lib/i18n.js';

const TABS = [
  { id: 'browse', label: t('Публичные серверы'), icon: Compass },
  { id: 'invite', label: t('По приглашению'), icon: Ticket },
];

export default function JoinServerModal({ onClose }) {
  const [tab, setTab] = useState('browse');
  const buttons = useRef({});

  function onKeyDown(event) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = TABS[(TABS.findIndex((item) => item.id === tab) + 1) % TABS.length].id;
    setTab(next);
    buttons.current[next]?.focus();
  }

  return (
    <Modal size="md" title={t('Присоединиться к серверу')} labelledBy="join-server-title" onClose={onClose}
      subtitle={t('Найдите публичный сервер или введите код приглашения')}>
      <div className="tabs" role="tablist" aria-label={t('Способ')} onKeyDown={onKeyDown}>
        {TABS.map(({ id, label, icon: Icon }) => (
          <button key={id} ref={(node) => { buttons.current[id] = node; }} type="button" role="tab"
            id={`join-tab-${id}`} aria-controls={`join-panel-${id}`} aria-selected={tab === id}
            tabIndex={tab === id ? 0 : -1} className="tabs__tab" onClick={() => setTab(id)}>
            <Icon size={16} aria-hidden="true" />
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`join-panel-${tab}`} aria-labelledby={`join-tab-${tab}`} className="tabs__panel">
        {tab === 'browse' ? <PublicBrowse onJoined={onClose} /> : <InviteCodeForm onJoined={onClose} />}
      </div>
    </Modal>
  );
}
