// Slash commands and button presses, answered through the core's use cases. Each runs once per
// interaction id (the caller wraps it in `once`), replies within Discord's 3 seconds, and says
// which count it adds to (`/join` and `/leave`: `queue` when they changed the line, else
// `ignored`). Refusals the API would answer with a 4xx are replied to the member privately
// (ephemeral), with the API's own message.
import type { ButtonInteraction, ChatInputCommandInteraction } from 'discord.js'
import { type ChatServices, isDomainError, type ChatCounts } from '@game-picker/core'
import { joinReply, pickReply, readPollButtonId, REPLIES } from './messages.ts'
import type { PollMessageKeeper } from './poll-message.ts'

type Outcome = keyof ChatCounts | null
const EPHEMERAL = 64 // MessageFlags.Ephemeral
const MANAGE_GUILD = 1n << 5n

/** Voters from Discord are `discord:USERNAME` (the account's unique username, not its display name). */
export const discordVoter = (user: { username: string }) => `discord:${user.username}`
/** The name the viewer queue shows: the account's display name (`global_name`), else its username. */
export const discordName = (user: { username: string; globalName: string | null }) => user.globalName || user.username

const privately = (interaction: ChatInputCommandInteraction | ButtonInteraction, content: string) =>
  interaction.reply({ content, flags: EPHEMERAL })

/** A refusal the API would give as 4xx: told to the member, counted as `refused`; anything else is thrown. */
async function refusal<T>(interaction: ChatInputCommandInteraction | ButtonInteraction, refused: Outcome, work: () => Promise<T>): Promise<T | Outcome> {
  try {
    return await work()
  } catch (error) {
    if (!isDomainError(error) || error.code === 'UNAVAILABLE') throw error
    await privately(interaction, error.message)
    return refused
  }
}

export function createInteractionHandlers(services: ChatServices, keeper: () => PollMessageKeeper | undefined) {
  const mayManage = (interaction: ChatInputCommandInteraction) =>
    interaction.memberPermissions !== null && (interaction.memberPermissions.bitfield & MANAGE_GUILD) === MANAGE_GUILD

  async function command(interaction: ChatInputCommandInteraction): Promise<Outcome> {
    const players = interaction.options.getInteger('players') ?? undefined
    const count = interaction.options.getInteger('count') ?? undefined
    switch (interaction.commandName) {
      case 'pick':
        return refusal(interaction, null, async () => {
          await interaction.reply({ content: pickReply(await services.picker.pick({ playerCount: players, count })) })
          return null
        })
      case 'vote': {
        const vote = interaction.options.getSubcommand(false) === 'down' ? 'down' : 'up'
        return refusal(interaction, 'ignored', async () => {
          const result = await services.votes.live({ username: discordVoter(interaction.user), vote, timestamp: interaction.createdAt.toISOString() })
          await privately(interaction, REPLIES.liveVote(vote, result.game.title))
          return vote
        })
      }
      case 'join':
        return refusal(interaction, 'ignored', async () => {
          const joined = await services.queue.join({ user: discordVoter(interaction.user), name: discordName(interaction.user) })
          await privately(interaction, joinReply(joined))
          return joined.kind === 'joined' ? 'queue' : 'ignored'
        })
      case 'leave':
        return refusal(interaction, 'ignored', async () => {
          const left = await services.queue.leave(discordVoter(interaction.user))
          await privately(interaction, left ? REPLIES.queueLeft : REPLIES.queueNotIn)
          return left ? 'queue' : 'ignored'
        })
      case 'poll':
        if (!mayManage(interaction)) return privately(interaction, REPLIES.manageServerOnly).then(() => null)
        return refusal(interaction, null, async () => {
          // A poll from Discord adds its winner to the session, as the host running the night expects.
          await services.polls.open({ pick: { count, playerCount: players }, addWinner: true })
          await privately(interaction, REPLIES.pollOpened)
          return null
        })
      case 'close':
        if (!mayManage(interaction)) return privately(interaction, REPLIES.manageServerOnly).then(() => null)
        return refusal(interaction, null, async () => {
          const poll = await services.polls.current()
          await privately(interaction, REPLIES.pollClosed(await services.polls.close(poll.id)))
          return null
        })
      default:
        return null
    }
  }

  async function button(interaction: ButtonInteraction): Promise<Outcome> {
    const pressed = readPollButtonId(interaction.customId)
    if (!pressed) return null
    return refusal(interaction, 'ignored', async () => {
      const poll = await services.polls.get(pressed.pollId)
      const candidate = poll.candidates.find((entry) => entry.number === pressed.number)
      if (poll.status !== 'open' || !candidate) {
        await privately(interaction, REPLIES.pollNotOpen)
        return 'ignored'
      }
      await services.polls.voteByUsername(discordVoter(interaction.user), pressed.number)
      await privately(interaction, REPLIES.yourVote(candidate.game.title))
      keeper()?.tallies()
      return 'poll'
    })
  }

  return { command, button }
}
