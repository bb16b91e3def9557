"""Technology: confidence with devices, backups and screen time, for improving a digital setup."""

from __future__ import annotations

from inspect_memgym.conversation.world.catalogue_model import (
    QuestionSpec,
    ValueSpec,
    VariableSpec,
)

DOMAIN = "tech"

VARIABLES: tuple[VariableSpec, ...] = (
    VariableSpec(
        key="tech_confidence",
        label="tech confidence",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="tech novice",
                reveals=(
                    "I still need help from a neighbour to set up a new phone, and I'm scared of "
                    "clicking the wrong button.",
                    "Settings menus baffle me, and I've never installed anything on my computer "
                    "myself.",
                    "I can send an email, but updates and passwords completely confuse me.",
                ),
                events=(
                    "After years of avoiding gadgets, I was given my first laptop last month.",
                    "When my old devices were all replaced last year, everything felt unfamiliar.",
                ),
                advice=(
                    "Start with one simple change, like turning on automatic updates, and ask "
                    "someone patient to sit with you while you do it."
                ),
            ),
            ValueSpec(
                name="comfortable user",
                reveals=(
                    "I manage my apps and settings fine, but I'd never open a command line.",
                    "I can set up a printer or a new phone on my own, though anything deeper is "
                    "beyond me.",
                    "Everyday gadgets are easy for me, but I leave the technical tinkering to "
                    "others.",
                ),
                events=(
                    "After a few months of using a new laptop every day, I got much more "
                    "confident.",
                    "A short evening course on computers last winter changed how I handle gadgets.",
                ),
                advice=(
                    "Turn on two-step sign-in for your main accounts, and tidy up your apps using "
                    "the standard settings menus."
                ),
            ),
            ValueSpec(
                name="tech expert",
                reveals=(
                    "I built my own computer and run a home server for fun.",
                    "I write scripts to automate my chores and fix everyone's networks for them.",
                    "Friends come to me whenever their computers misbehave, because I can fix "
                    "almost anything.",
                ),
                events=(
                    "After a year of tinkering with home projects, my skills grew a lot.",
                    "When I moved into a technical role at work, I learned a huge amount.",
                ),
                advice=(
                    "Script the routine maintenance yourself, and set up a password manager with "
                    "hardware security keys."
                ),
            ),
        ),
        requests=(
            "How can I get more out of my phone and computer?",
            "What's a sensible way to keep my devices secure?",
        ),
    ),
    VariableSpec(
        key="backup_habit",
        label="backup habit",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="never backs up",
                reveals=(
                    "All my photos exist only on my phone; if it died tomorrow, they'd be gone.",
                    "I've never copied my files anywhere else, and my laptop is years old.",
                    "Nothing on my computer is saved in a second place.",
                ),
                events=(
                    "When an old storage service I used shut down last year, I didn't replace it.",
                    "After a busy year, some of my old digital habits quietly fell away.",
                ),
                advice=(
                    "Set up an automatic backup today, because right now losing one device would "
                    "wipe out everything."
                ),
            ),
            ValueSpec(
                name="cloud backups",
                reveals=(
                    "Everything on my phone and laptop syncs automatically to an online storage "
                    "account.",
                    "My photos upload to an internet storage service the moment I take them.",
                    "I keep copies of all my documents on a remote server that I pay for each "
                    "month.",
                ),
                events=(
                    "After a friend lost all her holiday photos, I changed how I protect my files.",
                    "A special offer on storage last spring got me to change my habits.",
                ),
                advice=(
                    "Check that your online storage really includes your photos and documents, and "
                    "test restoring a file from it."
                ),
            ),
            ValueSpec(
                name="external drive backups",
                reveals=(
                    "Every Sunday I plug in a portable hard disk and copy my files onto it.",
                    "I keep copies of everything on a couple of USB disks in my desk drawer.",
                    "I don't trust the internet with my files, so they go onto a physical disk at "
                    "home.",
                ),
                events=(
                    "After my laptop's battery swelled up and died last year, I changed my habits.",
                    "A warning from my bank about online security made me rethink where my files "
                    "live.",
                ),
                advice=(
                    "Buy a second portable disk and keep it at a friend's place, so your copies "
                    "aren't all in one building."
                ),
            ),
        ),
        requests=(
            "How should I organise my digital files?",
            "What should I do to protect my photos and documents?",
        ),
    ),
    VariableSpec(
        key="leisure_screen_time",
        label="leisure screen time",
        domain=DOMAIN,
        values=(
            ValueSpec(
                name="little screen use",
                reveals=(
                    "Outside of work I check my personal email twice a week and otherwise keep my "
                    "phone in a drawer.",
                    "Once I finish work, days can go by without me looking at a screen for fun.",
                    "I don't have any social media accounts, and my phone stays switched off most "
                    "evenings.",
                ),
                events=(
                    "After a digital detox retreat last spring, my habits changed.",
                    "When my phone broke last month, I didn't rush to replace it.",
                ),
                advice=(
                    "Keep your device time minimal, and schedule one short weekly session for "
                    "updates and admin."
                ),
            ),
            ValueSpec(
                name="evening screen binges",
                reveals=(
                    "Once work is over, I spend hours each night browsing and streaming.",
                    "After dinner I'm glued to my tablet until bedtime.",
                    "My leisure screen time is all crammed into the late evening, often three or "
                    "four hours of it.",
                ),
                events=(
                    "My screen habits shifted after a change in my daily routine.",
                    "After I got a new tablet for my birthday, my habits changed.",
                ),
                advice=(
                    "Set a screen curfew an hour before bed, and swap some of that late-night "
                    "browsing for offline activities."
                ),
            ),
            ValueSpec(
                name="constant phone checking",
                reveals=(
                    "I check my phone for fun every few minutes, from the moment I wake until I "
                    "go to sleep.",
                    "Even during short breaks and meals, I'm scrolling through something on my "
                    "phone.",
                    "My phone is practically glued to my hand from breakfast until bed.",
                ),
                events=(
                    "After I started a new side project on the internet, my habits changed.",
                    "When the weather kept me indoors all winter, my habits shifted.",
                ),
                advice=(
                    "Turn on daily app limits, and keep your phone in another room during meals "
                    "and breaks."
                ),
            ),
        ),
        requests=(
            "How can I have a healthier relationship with my devices?",
            "Do you have tips for managing notifications?",
        ),
    ),
)

QUESTIONS: tuple[QuestionSpec, ...] = (
    QuestionSpec(
        key="digital_setup",
        text="How should I improve my digital setup this month?",
        variables=("tech_confidence", "backup_habit", "leisure_screen_time"),
        opener="Here is a plan for your digital setup this month.",
    ),
)
