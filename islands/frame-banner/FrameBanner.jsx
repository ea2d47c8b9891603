// Yellow warning shown only when the page runs inside an embedded frame, where browsers may block
// the session cookies. Dismissal is remembered in localStorage.
import { useState } from 'react';
import ExternalLink from 'lucide-react/icons/external-link';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import X from 'lucide-react/icons/x';

function isFramed() {
  try {
    return window.self !== window.top;
  } catch {
    return true; // reading a cross-origin top throws, which means we are framed
  }
}

// Storage may be blocked inside frames (third-party storage rules): treat that as "not stored".
function readStored(key) {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function store(key) {
  try {
    window.localStorage.setItem(key, '1');
  } catch {
    // Nothing to do: the banner stays hidden for this page view only.
  }
}

export default function FrameBanner({ message, openLabel, dismissLabel, storageKey }) {
  const [visible, setVisible] = useState(() => isFramed() && !readStored(storageKey));
  if (!visible) return null;

  function dismiss() {
    store(storageKey);
    setVisible(false);
  }

  return (
    <div className="frame-banner" role="region" aria-label={message.split(':')[0]}>
      <TriangleAlert className="frame-banner__icon" size={18} aria-hidden="true" />
      <p className="frame-banner__text">{message}</p>
      <div className="frame-banner__actions">
        <a className="frame-banner__btn frame-banner__btn--solid" href={window.location.href}
          target="_blank" rel="noopener">
          <ExternalLink size={16} aria-hidden="true" />
          {openLabel}
        </a>
        <button type="button" className="frame-banner__btn" onClick={dismiss}>
          <X size={16} aria-hidden="true" />
          {dismissLabel}
        </button>
      </div>
    </div>
  );
}
