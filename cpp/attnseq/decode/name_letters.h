// Letters as the name guard counts them (decode/name_guard.h): Latin, Greek, Cyrillic and their combining
// marks; which of them are capitals; and the runs of letters a piece of text begins or ends with. Kept apart
// from the guard because TargetPieces reads them once per vocabulary (the letters each piece begins with).
#pragma once

#include <cstddef>
#include <string_view>

namespace attnseq {

bool is_name_letter(char32_t c);
bool is_name_capital(char32_t c);
char32_t to_name_lower(char32_t c);  // a capital's small letter (itself when it is none)

// The length in bytes of the letters `s` begins with (whole characters; a malformed byte ends the run).
size_t leading_letters(std::string_view s);
// The letters `s` ends with (whole characters; a malformed byte ends the run).
std::string_view trailing_letters(std::string_view s);
// The number of characters of `s` (a malformed byte counts as one).
size_t code_points(std::string_view s);

}  // namespace attnseq
