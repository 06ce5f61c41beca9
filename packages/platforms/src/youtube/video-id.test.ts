import { expect, test } from 'vitest'
import { parseVideoId } from './video-id.ts'

test('an 11-character id, or a watch, live or youtu.be link holding one; nothing else', () => {
  for (const input of [
    'dQw4w9WgXcQ', ' dQw4w9WgXcQ ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
    'http://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/live/dQw4w9WgXcQ?si=abc', 'https://youtu.be/dQw4w9WgXcQ', 'youtu.be/dQw4w9WgXcQ?t=3',
  ]) expect(parseVideoId(input), input).toBe('dQw4w9WgXcQ')
  for (const input of [
    '', 'dQw4w9WgXc', 'dQw4w9WgXcQQ', 'dQw4w9WgX!Q', 'https://vimeo.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/UCdQw4w9WgXcQ', 'https://www.youtube.com/live/dQw4w9WgXcQ/extra', 'https://youtu.be/',
    'https://evil.example/youtu.be/dQw4w9WgXcQ', 42, null, undefined, { v: 'dQw4w9WgXcQ' },
  ]) expect(parseVideoId(input), String(input)).toBeNull()
})
