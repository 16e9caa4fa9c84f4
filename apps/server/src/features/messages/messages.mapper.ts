import type { ConversationDto, MessageDto, MessageRisk } from '@jamii/shared';
import type { RiskLevel } from '../../db/schema';
import type { ConversationRow, MessageRow } from './messages.repo';

const toRisk = (level: RiskLevel, reasons: string[]): MessageRisk => ({ level, reasons });

export function toMessageDto(row: MessageRow): MessageDto {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    sender_id: row.sender_id,
    body: row.body,
    created_at: row.created_at.toISOString(),
    risk: toRisk(row.risk_level, row.risk_reasons),
    client_id: row.client_id,
  };
}

export function toConversationDto(row: ConversationRow): ConversationDto {
  const last =
    row.last_id === null
      ? null
      : toMessageDto({
          id: row.last_id,
          conversation_id: row.id,
          sender_id: row.last_sender_id!,
          body: row.last_body!,
          client_id: row.last_client_id,
          risk_level: row.last_risk_level!,
          risk_reasons: row.last_risk_reasons!,
          created_at: row.last_created_at!,
        });
  return {
    id: row.id,
    other: {
      id: row.other_id,
      username: row.other_username,
      name: row.other_name,
      profile_pic: row.other_profile_pic,
    },
    last_message: last,
    unread: row.unread,
    updated_at: row.updated_at.toISOString(),
    context:
      row.context_type !== null && row.context_id !== null
        ? { type: row.context_type, id: row.context_id }
        : null,
  };
}
