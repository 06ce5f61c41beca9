import { describe, expect, test } from 'vitest'
import { readChatCommand } from './chat-commands.ts'
import { parseIrcLine } from '@game-picker/platforms'

describe('what a chat message asks for', () => {
  test.each([
    ['thisgame++', { vote: 'up' }], ['ThisGame-- meh', { vote: 'down' }], ['thisgame++ thisgame--', null],
    ['thisgame++ thisgame++', { vote: 'up' }], ['QPL3++', { vote: 'up', ticker: 'QPL3' }],
    ['that was fun tmp2-- honestly', { vote: 'down', ticker: 'TMP2' }], ['(fib4++)', { vote: 'up', ticker: 'FIB4' }],
    ['QPL3++ TMP2++', null], ['QPL3++ thisgame--', null], ['qpl3++ QPL3++', { vote: 'up', ticker: 'QPL3' }],
    ['isQPL3++', { vote: 'up', ticker: 'ISQPL3' }], ['whyQPL3++', { vote: 'up', ticker: 'WHYQPL3' }], ['abcdeQPL3++', null], ['c++ is fine', null], ['TOOLONGXX++', null],
    ['2', { choice: 2 }], ['!2', { choice: 2 }], ['#10', { choice: 10 }], ['  !3 ', { choice: 3 }],
    ['!join', { queue: 'join' }], ['!JOIN please', { queue: 'join' }], [' !Leave ', { queue: 'leave' }],
    ['!join thisgame++', { queue: 'join' }], ['!joined', null], ['join', null], ['please !join', null],
    ['!0', null], ['2!', null], ['!!2', null], ['! 2', null], ['2 please', null], ['100', null], ['hello', null], ['', null],
  ])('%j → %j', (text, command) => expect(readChatCommand(text)).toEqual(command))
})

describe('IRC lines as Twitch sends them', () => {
  test('a PRIVMSG with tags, escaped values and a trailing parameter', () => {
    const line = '@badge-info=;display-name=Ann\\sB;id=b34ccfc7-4977-403a-8a94-33c6bac34fb8;tmi-sent-ts=1700000000123;user-type= '
      + ':ann!ann@ann.tmi.twitch.tv PRIVMSG #chan :thisgame++ : with a colon'
    expect(parseIrcLine(line)).toEqual({
      tags: { 'badge-info': '', 'display-name': 'Ann B', id: 'b34ccfc7-4977-403a-8a94-33c6bac34fb8', 'tmi-sent-ts': '1700000000123', 'user-type': '' },
      prefix: 'ann!ann@ann.tmi.twitch.tv', command: 'PRIVMSG', params: ['#chan', 'thisgame++ : with a colon'],
    })
  })
  test('PING, RECONNECT, numerics and nonsense', () => {
    expect(parseIrcLine('PING :tmi.twitch.tv')).toEqual({ tags: {}, prefix: '', command: 'PING', params: ['tmi.twitch.tv'] })
    expect(parseIrcLine(':tmi.twitch.tv RECONNECT')).toMatchObject({ command: 'RECONNECT', params: [] })
    expect(parseIrcLine(':tmi.twitch.tv 001 justinfan123 :Welcome, GLHF!')).toMatchObject({ command: '001', params: ['justinfan123', 'Welcome, GLHF!'] })
    expect(parseIrcLine('')).toBeNull()
    expect(parseIrcLine('@only-tags')).toBeNull()
  })
})
