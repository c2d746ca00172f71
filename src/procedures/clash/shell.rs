//! Clash of the Lightsabers takes no words in the shell, which builds Young Jedi positions;
//! `walk FILE` walks a Clash scenario there.
