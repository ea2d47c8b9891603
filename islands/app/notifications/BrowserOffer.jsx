// 'Включить уведомления в браузере': the permission prompt from a click, and only while the browser
// has not been asked (Notification.permission === 'default') and only to someone whose settings
// want browser notifications. 'Не сейчас' hides it for good.
import { useState } from 'react';
import { askPermission, browserNotificationsEnabled, browserSupports, permission } from '../../lib/notify.js';
import { t } from '../../lib/i18n.js';

const DISMISSED = 'lobby.browserNotificationsOffer';

const dismissed = () => {
  try {
    return localStorage.getItem(DISMISSED) === 'dismissed';
  } catch {
    return false;
  }
};

export default function BrowserOffer() {
  const [shown, setShown] = useState(() => browserSupports() && browserNotificationsEnabled()
    && permission() === 'default' && !dismissed());
  if (!shown) return null;

  async function enable() {
    await askPermission();
    setShown(permission() === 'default');
  }

  function later() {
    try {
      localStorage.setItem(DISMISSED, 'dismissed');
    } catch {
      // private mode: hidden for this page only
    }
    setShown(false);
  }

  return (
    <div className="notif-offer">
      <p className="notif-offer__text">{t('Узнавайте об упоминаниях и сообщениях, даже когда вкладка свёрнута.')}</p>
      <div className="notif-offer__actions">
        <button type="button" className="btn btn-primary btn-sm" onClick={enable}>{t('Включить уведомления в браузере')}</button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={later}>{t('Не сейчас')}</button>
      </div>
    </div>
  );
}
