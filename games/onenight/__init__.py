"""One Night Ultimate Alien, Vampire and Werewolf: roles, wake order, script and session."""
