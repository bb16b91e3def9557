"""Pets: kind of pet, its age and the main concern, for adjusting a pet's care routine."""

from __future__ import annotations

from inspect_memgym.conversation.world.catalogue_model import (
    QuestionSpec,
    ValueSpec,
    VariableSpec,
)

DOMAIN = "pets"

VARIABLES: tuple[VariableSpec, ...] = (
    VariableSpec(
        key="pet_kind",
        label="kind of pet",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="dog",
                reveals=(
                    "My furry friend drags me round the park twice a day and fetches sticks until "
                    "my arm aches.",
                    "My pet barks at the postman and wags its tail whenever I pick up the lead.",
                    "Every evening I throw a tennis ball for my four-legged companion until it's "
                    "panting.",
                ),
                events=(
                    "Last month I adopted an animal from the local rescue shelter.",
                    "A friend who was moving abroad asked me to take in her pet for good.",
                ),
                advice=(
                    "Build the day around two good walks, with sniffing games and fetch sessions "
                    "along the way."
                ),
            ),
            ValueSpec(
                name="cat",
                reveals=(
                    "My pet curls up on my keyboard, purrs loudly and ignores every command I "
                    "give.",
                    "My furry companion climbs the curtains, and the litter tray needs scooping "
                    "every morning.",
                    "Every night my pet meows at the door and then ignores me once I open it.",
                ),
                events=(
                    "A neighbour's pet had a litter in the spring, and I took one of the babies "
                    "home.",
                    "After my old pet passed away, I welcomed a new animal into my life.",
                ),
                advice=(
                    "Add climbing shelves, a scratching post and short play sessions with a "
                    "feather wand, and keep the litter tray spotless."
                ),
            ),
            ValueSpec(
                name="parrot",
                reveals=(
                    "My pet repeats my phone's ringtone and says hello to visitors from its perch.",
                    "My feathered friend cracks seeds all day and squawks when I leave the room.",
                    "My pet whistles tunes back at me and loves perching on my shoulder.",
                ),
                events=(
                    "An elderly neighbour who could no longer care for her pet asked me to take "
                    "it.",
                    "After a visit to an animal rescue centre last month, I came home with a new "
                    "companion.",
                ),
                advice=(
                    "Give plenty of time out of the cage each day, and rotate chewing and foraging "
                    "toys for the beak."
                ),
            ),
        ),
        requests=(
            "What should a good daily routine for my pet look like?",
            "How can I keep my pet entertained?",
        ),
    ),
    VariableSpec(
        key="pet_age",
        label="pet age",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="young pet",
                reveals=(
                    "My pet is only four months old and gets into absolutely everything.",
                    "My pet was born just this spring and is still full of baby energy.",
                    "My animal is still a baby and sleeps half the day between bursts of chaos.",
                ),
                events=(
                    "I brought a new companion home last month.",
                    "After my previous pet went to live with my aunt, a newcomer joined me.",
                ),
                advice=(
                    "Focus on gentle training and lots of safe things to explore while the animal "
                    "is still growing."
                ),
            ),
            ValueSpec(
                name="adult pet",
                reveals=(
                    "My pet is past the silly phase of its youth but nowhere near old.",
                    "My animal is in the prime of life, fully grown and full of energy.",
                    "My companion is a fully grown animal in the middle of its life.",
                ),
                events=(
                    "My pet's birthday last month reminded me how much time has passed.",
                    "I took in a grown animal from a friend who moved away.",
                ),
                advice=(
                    "Keep a stable daily routine with a yearly check-up and plenty of exercise and "
                    "play."
                ),
            ),
            ValueSpec(
                name="senior pet",
                reveals=(
                    "My pet is very old for its kind now and slows down more every month.",
                    "The vet says my animal is well into old age and needs gentler handling.",
                    "My pet has been with me for most of its long life and is now frail and slow.",
                ),
                events=(
                    "I took in an elderly animal from a shelter last month.",
                    "Another year went by, and my pet's needs changed.",
                ),
                advice=(
                    "Soften the routine with gentler activity, easier access to favourite spots "
                    "and check-ups twice a year."
                ),
            ),
        ),
        requests=(
            "How often should my pet see the vet?",
            "What should I keep in mind when choosing food for my pet?",
        ),
    ),
    VariableSpec(
        key="pet_concern",
        label="main pet concern",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="no concerns",
                reveals=(
                    "My pet's last check-up was perfect, and it's happy and healthy.",
                    "There's nothing wrong with my pet's weight, mood or behaviour at the moment.",
                    "The vet had nothing at all to flag at my pet's last visit.",
                ),
                events=(
                    "After a few months of patient work with a trainer, things improved a lot for "
                    "my pet.",
                    "Once my pet finished the special diet the vet recommended, things changed.",
                ),
                advice=(
                    "Keep the care routine just as it is, since nothing needs correcting right now."
                ),
            ),
            ValueSpec(
                name="weight gain",
                reveals=(
                    "The vet says my pet is carrying too much weight around its middle.",
                    "My pet has got noticeably chubby and is puffing after the slightest activity.",
                    "Everyone who visits says my pet looks a bit too well fed these days.",
                ),
                events=(
                    "After a relative kept sneaking treats to my pet, things changed.",
                    "A long, lazy winter indoors changed my pet.",
                ),
                advice=(
                    "Weigh out every meal precisely, cut back on treats and add a little extra "
                    "play each day."
                ),
            ),
            ValueSpec(
                name="separation anxiety",
                reveals=(
                    "My pet cries and destroys things the moment I step out of the door.",
                    "The neighbours tell me my pet makes a racket nonstop whenever I'm away.",
                    "My pet panics when I pick up my keys and follows me from room to room.",
                ),
                events=(
                    "After I spent a long stretch at home and then went back to my old routine, "
                    "my pet's behaviour changed.",
                    "A frightening thunderstorm while I was out last month seemed to change my "
                    "pet.",
                ),
                advice=(
                    "Practise short departures that gradually get longer, and leave a puzzle "
                    "feeder whenever you go out."
                ),
            ),
        ),
        requests=(
            "How can I tell if my pet is happy?",
            "Could you help me understand my pet's behaviour?",
        ),
    ),
)

QUESTIONS: tuple[QuestionSpec, ...] = (
    QuestionSpec(
        key="pet_care",
        text="How should I adjust my pet's care routine?",
        variables=("pet_kind", "pet_age", "pet_concern"),
        opener="Here is an updated care routine for your pet.",
    ),
)
