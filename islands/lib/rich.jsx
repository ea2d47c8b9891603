// A translated sentence with React elements inside it (a name in bold, a link): the message keeps
// its {placeholders} (t() without values leaves them), and rich() puts each element in its place,
// so the sentence stays one message in the catalogue instead of pieces glued in Russian order.
//   rich(t(sentence), { email: <strong>{email}</strong> })   where the sentence has '{email}' in it
import { Fragment } from 'react';

export function rich(message, parts) {
  return message.split(/\{(\w+)\}/).map((piece, index) => {
    if (index % 2 === 0) return piece;
    // eslint-disable-next-line react/no-array-index-key -- the pieces are positions in one sentence
    return piece in parts ? <Fragment key={index}>{parts[piece]}</Fragment> : `{${piece}}`;
  });
}
