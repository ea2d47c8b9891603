// A message's files (spec "Message list": extension badge, filename, size: files.js fileSize).
// Pictures we re-encoded show as a thumbnail (at most 360×240) linking to the full picture; any
// other file is a card with a download link. Stable markup for tests: .message__attachments,
// .attachment-image, .attachment-card (.attachment-card__badge, __name, __size, __download).
import Download from 'lucide-react/icons/download';
import { extensionBadge, fileSize, showsAsImage } from './files.js';
import { openPicture } from './viewer.js';
import { t } from '../../lib/i18n.js';

const BOX = { width: 360, height: 240 };

/** The thumbnail's size: the picture scaled down (never up) to fit the box, so nothing jumps. */
function fitted({ width, height }) {
  if (!width || !height) return {};
  const scale = Math.min(1, BOX.width / width, BOX.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

// A plain click opens the picture in the image viewer over the app (./viewer.js); a middle or
// modified click, and a page without its script, still open the link in a new tab.
const plainClick = (event) => event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;

function Picture({ file, onOpen }) {
  return (
    <a className="attachment-image" href={file.url} target="_blank" rel="noopener noreferrer"
      title={`${file.filename} (${fileSize(file.size)})`} aria-haspopup="dialog"
      onClick={(event) => { if (plainClick(event)) { event.preventDefault(); onOpen(file); } }}>
      <img src={file.url} alt={file.filename} loading="lazy" decoding="async" {...fitted(file)} />
    </a>
  );
}

function Card({ file }) {
  return (
    <div className="attachment-card">
      <span className="attachment-card__badge" aria-hidden="true">{extensionBadge(file.filename)}</span>
      <span className="attachment-card__text">
        <a className="attachment-card__name" href={file.url} download={file.filename} title={file.filename}>
          {file.filename}
        </a>
        <span className="attachment-card__size">{fileSize(file.size)}</span>
      </span>
      <a className="icon-button attachment-card__download" href={file.url} download={file.filename}
        aria-label={t('Скачать {name}', { name: file.filename })} title={t('Скачать')}>
        <Download size={16} aria-hidden="true" />
      </a>
    </div>
  );
}

export default function Attachments({ files, channelId }) {
  if (!files?.length) return null;
  return (
    <div className="message__attachments">
      {files.map((file) => (showsAsImage(file.contentType)
        ? <Picture key={file.id} file={file} onOpen={(picture) => openPicture(channelId, picture, files)} />
        : <Card key={file.id} file={file} />))}
    </div>
  );
}
