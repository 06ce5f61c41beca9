// A QR code drawn in the page from the text (uqr encodes it; nothing is fetched from elsewhere).
import { useMemo } from 'preact/hooks'
import { encode } from 'uqr'

export function QrCode({ text, label }: { text: string; label: string }) {
  // A quiet zone of four modules, as scanners expect.
  const qr = useMemo(() => encode(text, { ecc: 'M', border: 4 }), [text])
  const path = useMemo(() => qr.data.flatMap((row, y) =>
    row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join(''), [qr])
  return (
    <svg class="qr-code" role="img" aria-label={label} viewBox={`0 0 ${qr.size} ${qr.size}`} shape-rendering="crispEdges">
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
