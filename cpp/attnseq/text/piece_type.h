// Piece types of a SentencePiece vocabulary (ModelProto.SentencePiece.Type).
#pragma once

namespace attnseq {

enum class PieceType : int { Normal = 1, Unknown = 2, Control = 3, UserDefined = 4, Unused = 5, Byte = 6 };

}  // namespace attnseq
