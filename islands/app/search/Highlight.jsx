// Text with the matching words marked: React text nodes and <mark>, never HTML from the data.
import { pieces } from './highlight.js';

export default function Highlight({ text, pattern }) {
  return pieces(text, pattern).map((part, index) => (part.marked
    // eslint-disable-next-line react/no-array-index-key
    ? <mark key={index} className="search-mark">{part.text}</mark>
    : part.text));
}
