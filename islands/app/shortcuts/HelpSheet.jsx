// The help sheet ('?', or the palette's 'Сочетания клавиш'): every shortcut of the registry, by
// group, with the keys as this keyboard names them. Loaded when first opened (../later.js).
import Modal from '../ui/Modal.jsx';
import { t } from '../../lib/i18n.js';
import { GROUPS, SHORTCUTS, shownKeys } from './registry.js';

export default function HelpSheet({ onClose }) {
  return (
    <Modal readOnly title={t('Сочетания клавиш')} subtitle={t('В поле ввода действуют только сочетания с Ctrl или Alt и Esc')}
      size="md" className="help-sheet" onClose={onClose}>
      {Object.entries(GROUPS).map(([group, heading]) => (
        <section key={group} className="help-sheet__group" aria-labelledby={`help-${group}`}>
          <h3 id={`help-${group}`} className="help-sheet__heading">{heading}</h3>
          <dl className="help-sheet__list">
            {SHORTCUTS.filter((entry) => entry.group === group).map((entry) => (
              <div key={entry.id} className="help-sheet__row" data-shortcut={entry.id}>
                <dt>{entry.label}</dt>
                <dd><kbd className="palette__kbd">{shownKeys(entry.keys)}</kbd></dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </Modal>
  );
}
