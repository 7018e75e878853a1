// The score functions of the RNN decoder's attention (nn/rnn_attention.h); models/config.h names them
// in a model's config.
#pragma once

namespace attnseq {

enum class AttentionKind { None, Additive, Dot, General, ScaledDot };

inline const char* attention_name(AttentionKind kind) {
  switch (kind) {
    case AttentionKind::None: return "none";
    case AttentionKind::Additive: return "additive";
    case AttentionKind::Dot: return "dot";
    case AttentionKind::General: return "general";
    case AttentionKind::ScaledDot: return "scaled_dot";
  }
  return "none";
}

}  // namespace attnseq
