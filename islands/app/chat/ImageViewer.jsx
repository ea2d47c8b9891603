// The image viewer (yet-another-react-lightbox): a picture of the chat over the app, not in a new
// tab — zoom (the buttons, the wheel, a double click, a pinch, Ctrl and +/-), drag when zoomed, the
// arrows (keys, buttons, a swipe) for the channel's other pictures, 'Открыть оригинал' and
// 'Скачать'; Escape, the close button or a click beside the picture closes it, and the focus
// returns to the picture it was opened from. Loaded when a picture is first opened.
import Download from 'lucide-react/icons/download';
import ExternalLink from 'lucide-react/icons/external-link';
import Lightbox, { useLightboxState } from 'yet-another-react-lightbox';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import styles from 'yet-another-react-lightbox/styles.css';
import { t } from '../../lib/i18n.js';
import '../regions/firstLoad.js'; // one chunk for the first load: see there

// The package's stylesheet, adopted once (a constructed sheet: the page's CSP allows no <style>).
let adopted = false;
function adoptStyles() {
  if (adopted) return;
  adopted = true;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(styles);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

const LABELS = {
  Lightbox: t('Просмотр изображения'),
  'Photo gallery': t('Изображения канала'),
  Carousel: t('галерея'),
  Slide: t('изображение'),
  '{index} of {total}': t('{index} из {total}'),
  Previous: t('Предыдущее изображение'),
  Next: t('Следующее изображение'),
  Close: t('Закрыть'),
  'Zoom in': t('Увеличить'),
  'Zoom out': t('Уменьшить'),
};

/** 'Открыть оригинал' and 'Скачать' for the picture on screen: plain links, so the browser does it. */
function FileLinks() {
  const { currentSlide } = useLightboxState();
  if (!currentSlide) return null;
  return (
    <>
      <a className="yarl__button image-viewer__link" href={currentSlide.src} target="_blank" rel="noopener noreferrer"
        aria-label={t('Открыть оригинал')} title={t('Открыть оригинал')}>
        <ExternalLink size={24} aria-hidden="true" />
      </a>
      <a className="yarl__button image-viewer__link" href={currentSlide.src} download={currentSlide.filename}
        aria-label={t('Скачать')} title={t('Скачать')}>
        <Download size={24} aria-hidden="true" />
      </a>
    </>
  );
}

export default function ImageViewer({ pictures, index, onClose }) {
  adoptStyles();
  const slides = pictures.map((file) => ({
    src: file.url, alt: file.filename, filename: file.filename, width: file.width, height: file.height,
  }));
  const single = slides.length < 2;
  return (
    <Lightbox open close={onClose} index={index} slides={slides} plugins={[Zoom]} labels={LABELS}
      className="image-viewer"
      carousel={{ finite: true, preload: 1 }}
      controller={{ closeOnBackdropClick: true }}
      zoom={{ maxZoomPixelRatio: 4, scrollToZoom: true }}
      toolbar={{ buttons: ['zoom', <FileLinks key="files" />, 'close'] }}
      render={single ? { buttonPrev: () => null, buttonNext: () => null } : undefined} />
  );
}
